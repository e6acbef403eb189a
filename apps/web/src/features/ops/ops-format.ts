/** Dates and statuses as the Operations page shows them. */

const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  second: '2-digit',
});
const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** `Nov 25, 3:04:05 PM`; a dash when there is no time. */
export const formatWhen = (iso: string | null): string => (iso ? dateTime.format(new Date(iso)) : '—');

/** A chart's time axis (unix seconds) as `3:04 PM`. */
export const formatClock = (unixSeconds: number): string => clock.format(new Date(unixSeconds * 1000));

export type HealthStatus = 'ok' | 'degraded' | 'unavailable' | 'failing';

/** The word beside the colour, so a status never rests on colour alone. */
export const statusLabel: Record<HealthStatus, string> = {
  ok: 'OK',
  degraded: 'Degraded',
  unavailable: 'Unavailable',
  failing: 'Failing',
};

export const statusColor: Record<HealthStatus, string> = {
  ok: 'success',
  degraded: 'warning',
  unavailable: 'error',
  failing: 'error',
};
