import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { LoadingScreen } from '../features/auth/components/LoadingScreen';
import { useAuth } from '../features/auth/hooks/useAuth';
import { usePreloadable } from '../shared/lazy/preloadable';
import { antdShell, signedInFrame } from './app-modules';

/**
 * The root of every page. A signed-out visitor's landing page renders without antd (its markup is antd-lite); every
 * other page, and the landing page of a member, sits in antd's shell, which once loaded stays for good.
 */
export function AppShell() {
  const { session } = useAuth();
  const { pathname } = useLocation();
  const needsAntd = session !== null || pathname !== '/';
  const shell = usePreloadable(antdShell, needsAntd);
  // A member's pages all sit in the signed-in frame: fetch it beside the shell, not after it.
  const signedIn = session !== null;
  useEffect(() => {
    if (signedIn) signedInFrame.load().catch(() => undefined);
  }, [signedIn]);
  if (shell) {
    return (
      <shell.AntdShell>
        <Outlet />
      </shell.AntdShell>
    );
  }
  if (needsAntd) return <LoadingScreen />;
  return (
    <div className="app-root">
      <Outlet />
    </div>
  );
}
