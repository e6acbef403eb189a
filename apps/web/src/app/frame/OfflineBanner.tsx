import type { ReactNode } from 'react';
import { useOnline } from '../../shared/offline/connectivity';

export const OFFLINE_MESSAGE =
  "You're offline. Check-ins, plan activities and journal entries are kept on this device and sent when you reconnect; other changes need a connection.";

/**
 * Under the frame's header while this tab cannot reach the API. `children` sit in the same bar whatever the connection
 * (the offline queue's pending count, which matters online too while it sends). A live region always in the page, flat
 * while it is empty, so screen readers announce the message when it appears.
 */
export function OfflineBanner({ children }: { children?: ReactNode }) {
  const online = useOnline();
  return (
    <div className="offline-banner" role="status" aria-live="polite">
      {online ? null : <span className="offline-banner__message">{OFFLINE_MESSAGE}</span>}
      {children}
    </div>
  );
}
