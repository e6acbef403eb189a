import { App } from 'antd';
import type { ReactNode } from 'react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';

export interface LeaveConfirmation {
  title: string;
  /** What leaving now would lose, in words the person recognises. */
  content: ReactNode;
}

/**
 * Asks before a page with unsaved work is left: a link or Back in the app (the router's blocker, which needs the data
 * router `createBrowserRouter` makes) gets an antd confirm, Stay or Leave; a reload, a closed tab or a typed address
 * gets the browser's own question (`beforeunload`, whose words browsers choose). `stillUnsaved` is asked at the moment
 * of leaving (by default `unsaved` as last rendered), so a save that finished just before a navigation lets it through.
 */
export function useUnsavedChangesGuard(unsaved: boolean, confirmation: () => LeaveConfirmation, stillUnsaved?: () => boolean): void {
  const { modal } = App.useApp();
  const ask = useRef({ unsaved, confirmation, stillUnsaved });
  useLayoutEffect(() => {
    ask.current = { unsaved, confirmation, stillUnsaved };
  });
  // Another search or hash on the same page is no leaving.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    const { unsaved: shown, stillUnsaved: now } = ask.current;
    return currentLocation.pathname !== nextLocation.pathname && (now ? now() : shown);
  });

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const { title, content } = ask.current.confirmation();
    const dialog = modal.confirm({
      title,
      content,
      okText: 'Leave',
      okButtonProps: { danger: true },
      cancelText: 'Stay',
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
    return () => dialog.destroy();
  }, [blocker, modal]);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}
