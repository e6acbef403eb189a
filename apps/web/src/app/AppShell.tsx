import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useAuth } from '../features/auth';
import { usePreloadable } from '../shared/lazy/preloadable';
import { UpdatePrompt } from '../shared/offline/UpdatePrompt';
import { signedInFrame } from './frame/app-modules';
import { toastHost, toastHostReady, useToastHostWanted } from '../shared/toasts/toasts';

/**
 * The root of every page. The landing page renders without antd (plain elements with the app's own classes); every
 * other page brings antd's theme and static styles with it (router.tsx). The one toast holder sits beside the pages
 * once something wants it (shared/toasts/toasts.ts).
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
