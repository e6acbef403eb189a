import type { ChurchDashboard, ChurchGroupHealth } from '@abide/contracts';
import { averageRatingText, plural, shortDate } from '../../shared/figures-text';

/** Display rules of the pastor's dashboard, kept apart from React so they are unit-tested. */

type Week = ChurchDashboard['weeks'][number];

/** '2026-03-01' → 'Mar 1' (the week's Sunday, at noon so no zone moves it to another day). */
export const weekLabel = (weekStart: string): string => shortDate(`${weekStart}T12:00:00`).replace(/, \d{4}$/, '');

/** The chart's rows: each week with its label, oldest first as the server sends them. */
export const chartRows = (weeks: readonly Week[]) => weeks.map((week) => ({ ...week, label: weekLabel(week.weekStart) }));

/** The text alternative of the trend charts: every week's figures in words. */
export function trendSummary(weeks: readonly Week[]): string {
  return weeks
    .map(
      (w, i) =>
        `${i === weeks.length - 1 ? 'this week so far' : `week of ${weekLabel(w.weekStart)}`}: ${w.activeMembers} active, ` +
        `${plural(w.checkIns, 'check-in')}, ${plural(w.planActivities, 'plan activity', 'plan activities')}, ${plural(w.journalDays, 'journaling day')}`,
    )
    .join('; ');
}

/** '2 of 3 sharing members' under the active figures; 'No members share their progress yet' when none do. */
export const ofSharing = (dashboard: ChurchDashboard): string =>
  dashboard.sharingMembers === 0
    ? 'No members share their progress yet'
    : `of ${plural(dashboard.sharingMembers, 'member')} sharing progress`;

/** A group's members and how many of them share their progress, e.g. '4 (3 sharing)'. */
export const membersText = (group: Pick<ChurchGroupHealth, 'memberCount' | 'sharingMembers'>): string =>
  `${group.memberCount} (${group.sharingMembers} sharing)`;

type GroupMember = NonNullable<ChurchGroupHealth['members']>[number];

/** One member's week in a line, for the narrow layout: '3 check-ins · 1 plan activity · 0 journaling days'. */
export const memberWeekText = (m: Pick<GroupMember, 'checkIns' | 'planActivities' | 'journalDays'>): string =>
  [plural(m.checkIns, 'check-in'), plural(m.planActivities, 'plan activity', 'plan activities'), plural(m.journalDays, 'journaling day')].join(' · ');

/** A group's meeting ratings in words: '4.5 from 2 ratings', or that there are none in the weeks shown. */
export const ratingsText = (ratings: ChurchGroupHealth['ratings']): string =>
  ratings.count ? `${averageRatingText(ratings.average)} from ${plural(ratings.count, 'rating')}` : 'No ratings';

/** This week's check-ins against what the sharing members' habits ask, e.g. '3/14 (21%)'. */
export function progressText({ completed, expected }: ChurchGroupHealth['weeklyProgress']): string {
  if (expected === 0) return completed ? `${completed} check-ins` : 'No habits to check in';
  return `${completed}/${expected} (${Math.round((Math.min(completed, expected) / expected) * 100)}%)`;
}
