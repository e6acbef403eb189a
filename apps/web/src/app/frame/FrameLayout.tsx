import { LoadingScreen, useAuth } from '../../features/auth';
import { usePreloadable } from '../../shared/lazy/preloadable';
import { signedInFrame } from './app-modules';
import { PublicFrame } from './PublicFrame';

/** Public pages (home, 404) sit in whichever frame fits the visitor; the signed-in frame loads with the session. */
export function FrameLayout() {
  const { session } = useAuth();
  const frame = usePreloadable(signedInFrame, session !== null);
  if (!session) return <PublicFrame />;
  return frame ? <frame.SignedInFrame /> : <LoadingScreen />;
}
