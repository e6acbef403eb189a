import { useOfflineSince } from './offline-reads';

/** "14:05" today, "Nov 28, 14:05" on another day, in the browser's language and clock. */
export function formatLastUpdated(at: number, now: number = Date.now()): string {
  const when = new Date(at);
  const time = when.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (when.toDateString() === new Date(now).toDateString()) return time;
  return `${when.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })}, ${time}`;
}

/**
 * On a page whose data came from the browser's copy (no connection): says so, and from when. `endpoints` are the
 * page's reads (shared/offline/offline-reads.ts); the oldest of them is the time shown. Nothing while all are fresh.
 */
export function OfflineMark({ endpoints }: { endpoints: readonly string[] }) {
  const since = useOfflineSince(endpoints);
  if (since === null) return null;
  return (
    <p className="offline-mark" data-testid="offline-mark">
      Offline — last updated <time dateTime={new Date(since).toISOString()}>{formatLastUpdated(since)}</time>
    </p>
  );
}
