import { ConfigProvider } from 'antd';
import AppContext from 'antd/es/app/context';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
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

/** True under AntdTheme: what renders there is in antd's theme already. */
const InAntdTheme = createContext(false);

function ThemedConfigProvider({ children }: { children: ReactNode }) {
  return <ConfigProvider {...useThemedConfig()}>{children}</ConfigProvider>;
}

/**
 * antd's theme around a page that uses antd (router.tsx wraps each such page), and `App.useApp()` answering with the
 * app's one toast holder (shared/toasts/toasts.ts), which lives beside the pages so toasts survive navigation. The holder (antd's
 * App, with the code of every popup kind) loads with the first toast or dialog, not with the page. A page in the
 * signed-in frame is in the frame's theme (AntdTheme, the same settings): a second ConfigProvider there would only
 * merge and hash the same theme's tokens again during the page's first render.
 */
export function AntdShell({ children }: { children: ReactNode }) {
  const themed = useContext(InAntdTheme);
  const page = <AppContext.Provider value={toasts}>{children}</AppContext.Provider>;
  return themed ? page : <ThemedConfigProvider>{page}</ThemedConfigProvider>;
}

/** antd's theme alone, for antd outside a page: the signed-in frame, its menus, drawer and popovers, and its page. */
export function AntdTheme({ children }: { children: ReactNode }) {
  return (
    <InAntdTheme.Provider value>
      <ThemedConfigProvider>{children}</ThemedConfigProvider>
    </InAntdTheme.Provider>
  );
}
