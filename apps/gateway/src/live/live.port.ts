/** What other gateway features may use of live updates: the live route's part of the API document. */
export { liveDocument } from './live-document';
