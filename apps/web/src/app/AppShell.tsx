import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useAuth } from '../features/auth/hooks/useAuth';
import { usePreloadable } from '../shared/lazy/preloadable';
import { UpdatePrompt } from '../shared/offline/UpdatePrompt';
import { signedInFrame } from './app-modules';
import { toastHost, toastHostReady, useToastHostWanted } from './toasts';

/**
 * The root of every page. Pages render without antd unless they use it: the landing page and, for a member, the
 * frame and My Plan are antd-lite; every other page brings antd's theme with it (router.tsx). The one toast holder
 * sits beside the pages once something wants it (toasts.ts).
 */
export function AppShell() {
  const { session } = useAuth();
  const hostWanted = useToastHostWanted();
  const host = usePreloadable(toastHost, hostWanted);
  // A member's pages all sit in the signed-in frame: fetch it beside the page, not after it.
  const signedIn = session !== null;
  useEffect(() => {
    if (signedIn) signedInFrame.load().catch(() => undefined);
  }, [signedIn]);
  return (
    <div className="app-root">
      <Outlet />
      <UpdatePrompt />
      {host ? <host.ToastHost onReady={toastHostReady} /> : null}
    </div>
  );
}
