import './antd-react19';
import { ConfigProvider } from 'antd';
import AppContext from 'antd/es/app/context';
import { useEffect, type ReactNode } from 'react';
import { theme } from './theme';
import { toasts, wantToastHost } from './toasts';

/**
 * Lists render whole (no virtual scroll: the app's are short). A virtual select list draws its options without a
 * role and mirrors three of them in a hidden listbox, so the options people see carry an `aria-selected` ARIA does
 * not allow there; drawn whole, they are the listbox's own options.
 */
const config = { theme, virtual: false } as const;

/**
 * antd's theme around a page that uses antd (router.tsx wraps each such page), and `App.useApp()` answering with the
 * app's one toast holder (toasts.ts), which lives beside the pages so toasts survive navigation. The frame and My
 * Plan render without antd (antd-lite); a member's first page then needs none of it.
 */
export function AntdShell({ children }: { children: ReactNode }) {
  useEffect(() => wantToastHost(), []);
  return (
    <ConfigProvider {...config}>
      <AppContext.Provider value={toasts}>{children}</AppContext.Provider>
    </ConfigProvider>
  );
}

/** antd's theme alone, for a piece of antd a lite page loads on demand (a menu, the drawer, a popover). */
export function AntdTheme({ children }: { children: ReactNode }) {
  return <ConfigProvider {...config}>{children}</ConfigProvider>;
}
