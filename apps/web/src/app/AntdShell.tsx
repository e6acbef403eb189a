import './antd-react19';
import { App as AntApp, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { theme } from './theme';

/** Spec §9: at most one toast at a time, shown for 5 s. */
const TOAST_SECONDS = 5;

/**
 * antd's theme and the toast holder (`App.useApp()`) around every page that uses antd. Loaded with the first such
 * page (app-shell.tsx) and then kept for good, so toasts survive navigation; the landing page never needs it.
 */
export function AntdShell({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={theme}>
      <AntApp
        className="app-root"
        message={{ maxCount: 1, duration: TOAST_SECONDS }}
        notification={{ maxCount: 1, duration: TOAST_SECONDS, placement: 'topRight', top: 72 }}
      >
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
