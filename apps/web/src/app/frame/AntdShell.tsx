import { ConfigProvider } from 'antd';
import AppContext from 'antd/es/app/context';
import { useMemo, type ReactNode } from 'react';
import { useActiveChurch, churchTheme } from '../../features/churches';
import { usePrefersReducedMotion, withReducedMotion } from '../../shared/theme/reduced-motion';
import { theme } from '../../shared/theme/theme';
import { toasts } from '../../shared/toasts/toasts';

/**
 * Lists render whole (no virtual scroll: the app's are short). A virtual select list draws its options without a
 * role and mirrors three of them in a hidden listbox, so the options people see carry an `aria-selected` ARIA does
 * not allow there; drawn whole, they are the listbox's own options.
 */
const config = { theme, virtual: false } as const;

/**
 * antd's settings with the member's active church's colour (the app's own theme for everyone else), and without
 * antd's motion when the system asks for less.
 */
function useThemedConfig() {
  const { active } = useActiveChurch();
  const color = active?.primaryColor;
  const reduced = usePrefersReducedMotion();
  return useMemo(() => ({ ...config, theme: withReducedMotion(churchTheme(theme, color), reduced) }), [color, reduced]);
}

/**
 * antd's theme around a page that uses antd (router.tsx wraps each such page), and `App.useApp()` answering with the
 * app's one toast holder (shared/toasts/toasts.ts), which lives beside the pages so toasts survive navigation. The holder (antd's
 * App, with the code of every popup kind) loads with the first toast or dialog, not with the page.
 */
export function AntdShell({ children }: { children: ReactNode }) {
  const themed = useThemedConfig();
  return (
    <ConfigProvider {...themed}>
      <AppContext.Provider value={toasts}>{children}</AppContext.Provider>
    </ConfigProvider>
  );
}

/** antd's theme alone, for antd outside a page: the signed-in frame and its menus, drawer and popovers. */
export function AntdTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider {...useThemedConfig()}>{children}</ConfigProvider>;
}
