import { weekdays, type GroupMemberRole, type GroupSummary, type Meeting } from '@abide/contracts';
import { plural } from '../../shared/figures-text';

/** Pure display rules for the Groups screens, kept apart from React so they are unit-tested. */

export type MyStatus = GroupSummary['myStatus'];

export const memberCountText = (count: number): string => `${count} ${count === 1 ? 'member' : 'members'}`;

/** Weekly progress 'completed/expected' and the bar's percentage (0 when nothing is expected, never above 100). */
export function weeklyProgressOf(progress: GroupSummary['weeklyProgress']): { text: string; percent: number } {
  const percent = progress.expected > 0 ? Math.min(100, Math.round((progress.completed / progress.expected) * 100)) : 0;
  return { text: `${progress.completed}/${progress.expected}`, percent };
}

export const roleLabels: Record<GroupMemberRole, string> = { owner: 'Owner', 'co-leader': 'Co-leader', member: 'Member' };

export const isLeader = (status: MyStatus): boolean => status === 'owner' || status === 'co-leader';
export const isMember = (status: MyStatus): status is GroupMemberRole =>
  status === 'owner' || status === 'co-leader' || status === 'member';

const dayNames: Record<(typeof weekdays)[number], string> = {
  sunday: 'Sunday',
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
};
export const weekdayOptions = weekdays.map((day) => ({ value: day, label: dayNames[day] }));

/** '19:30' → '7:30 PM'. */
export function clockTime(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  const suffix = h < 12 ? 'AM' : 'PM';
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** When the group meets, e.g. 'Wednesdays at 7:30 PM'; null when neither day nor time is set. */
export function meetingWhen(meeting: Meeting | null): string | null {
  if (!meeting) return null;
  const day = meeting.day ? `${dayNames[meeting.day]}s` : null;
  const time = meeting.time ? clockTime(meeting.time) : null;
  if (day && time) return `${day} at ${time}`;
  if (day) return day;
  if (time) return `At ${time}`;
  return null;
}

/**
 * A host name with a dot and a top-level domain of letters, then an optional path: what people paste from a meeting
 * invitation without its scheme ("zoom.us/j/123", "meet.google.com/abc-defg-hij").
 */
const bareWebAddress = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d+)?(?:[/?#]\S*)?$/i;

/** A meeting place that is a web address (with or without `https://`) is shown as a link; anything else as text. */
export function meetingLink(location: string | null | undefined): string | null {
  if (!location) return null;
  const trimmed = location.trim();
  const address = /^https?:\/\/\S+$/i.test(trimmed) ? trimmed : bareWebAddress.test(trimmed) ? `https://${trimmed}` : null;
  if (!address) return null;
  try {
    return new URL(address).toString();
  } catch {
    return null;
  }
}

/** What the Discover card's button does for the caller's relation to the group. */
export type JoinAction = { kind: 'open' } | { kind: 'join'; label: 'Request to Join' } | { kind: 'pending'; label: 'Request sent' };

export function joinActionFor(status: MyStatus): JoinAction {
  if (isMember(status)) return { kind: 'open' };
  if (status === 'pending') return { kind: 'pending', label: 'Request sent' };
  return { kind: 'join', label: 'Request to Join' };
}

/** A short relative time for recent activity ('just now', '5 minutes ago', '3 days ago'), falling back to a date. */
export function timeAgo(iso: string, now: Date = new Date()): string {
  const seconds = Math.max(0, Math.round((now.getTime() - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${plural(minutes, 'minute')} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${plural(hours, 'hour')} ago`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `${plural(days, 'day')} ago`;
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso));
}

/** Heights (0–100) of the weekly chart's bars, scaled to the busiest week; all 0 when nothing happened. */
export function barHeights(values: number[]): number[] {
  const max = Math.max(0, ...values);
  return values.map((value) => (max > 0 ? Math.round((value / max) * 100) : 0));
}

/** The line above Discover's results: how many groups there are, or match the search. */
export function discoverCountText(total: number, q: string): string {
  if (!q) return total === 0 ? 'No groups to discover yet.' : plural(total, 'group');
  if (total === 0) return `No groups match “${q}”.`;
  return `${plural(total, 'group')} ${total === 1 ? 'matches' : 'match'} “${q}”`;
}
