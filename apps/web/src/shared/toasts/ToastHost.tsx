import { App as AntApp, ConfigProvider } from 'antd';
import { useLayoutEffect } from 'react';
import { usePrefersReducedMotion, withReducedMotion } from '../theme/reduced-motion';
import { theme } from '../theme/theme';
import type { useAppProps as ToastApi } from 'antd/es/app/context';

/** At most one toast at a time, shown for 5 s. */
const TOAST_SECONDS = 5;

function HandOver({ onReady }: { onReady: (api: ToastApi) => void }) {
  const api = AntApp.useApp();
  useLayoutEffect(() => onReady(api), [api, onReady]);
  return null;
}

/** antd's toast holder with the app's theme, rendered once beside every page; hands its API to `onReady` (toasts.ts). */
export function ToastHost({ onReady }: { onReady: (api: ToastApi) => void }) {
  const reduced = usePrefersReducedMotion();
  return (
    <ConfigProvider theme={withReducedMotion(theme, reduced)}>
      <AntApp
        component={false}
        message={{ maxCount: 1, duration: TOAST_SECONDS }}
        notification={{ maxCount: 1, duration: TOAST_SECONDS, placement: 'topRight', top: 72 }}
      >
        <HandOver onReady={onReady} />
      </AntApp>
    </ConfigProvider>
  );
}
