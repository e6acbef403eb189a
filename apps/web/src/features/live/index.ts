/** What the app may use of live updates: the hook the signed-in frame mounts. */
export { useLiveUpdates } from './useLiveUpdates';
