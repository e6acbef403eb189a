import { z } from 'zod';

/**
 * The pastor's dashboard (`GET /api/churches/{id}/dashboard`, church admins): consented, aggregate figures of a church
 * (docs/churches.md, "Pastor's dashboard").
 */

/** Weeks the dashboard shows: this week (so far) and the 8 full weeks before it. */
export const CHURCH_DASHBOARD_WEEKS = 9;
/** A group's members are shown one by one only when at least this many of the church's members in it share progress. */
export const GROUP_BREAKDOWN_MIN_SHARING = 3;

const localDate = z.iso.date('Use a date like 2026-11-22');
const count = z.number().int().min(0);

/** What sharing members did in a week: counts only, never what they wrote. */
export const weekCountsSchema = z.object({
  checkIns: count,
  planActivities: count,
  /** Days with at least one journal entry. */
  journalDays: count,
});
export type WeekCounts = z.infer<typeof weekCountsSchema>;

export const churchWeekSchema = weekCountsSchema.extend({
  /** The week's Sunday. */
  weekStart: localDate,
  /** Members who share progress and did at least one check-in, plan activity or journal day that week. */
  activeMembers: count,
});
export type ChurchWeek = z.infer<typeof churchWeekSchema>;

export const churchGroupMemberWeekSchema = weekCountsSchema.extend({ userId: z.string(), name: z.string().nullable() });

export const churchGroupHealthSchema = z.object({
  id: z.string(),
  name: z.string(),
  memberCount: count,
  /** The group's members who belong to the church and share their progress. */
  sharingMembers: count,
  /** The group's own figure (its leaders see the same): this week's check-ins of its sharing members against what their habits ask. */
  weeklyProgress: z.object({ completed: count, expected: count }),
  /** Meeting ratings (1–5) given for the weeks the dashboard shows. */
  ratings: z.object({ average: z.number().nullable(), count }),
  /**
   * This week, member by member (sharing church members only); null when fewer than GROUP_BREAKDOWN_MIN_SHARING of
   * them share, so no one's week can be told from the group's.
   */
  members: z.array(churchGroupMemberWeekSchema).nullable(),
});
export type ChurchGroupHealth = z.infer<typeof churchGroupHealthSchema>;

export const churchDashboardSchema = z.object({
  church: z.object({ id: z.string(), name: z.string(), slug: z.string(), timeZone: z.string() }),
  /** This week's Sunday in the church's time zone. */
  weekStart: localDate,
  /** Every member, sharing or not. */
  members: count,
  /** Members who share their progress: the only ones any activity figure counts. */
  sharingMembers: count,
  activeThisWeek: count,
  /** Sharing members active in at least one of the 8 full weeks before this one. */
  activeLast8Weeks: count,
  /** CHURCH_DASHBOARD_WEEKS weeks, oldest first; the last is this week so far. */
  weeks: z.array(churchWeekSchema),
  /** The church's groups, by name. */
  groups: z.array(churchGroupHealthSchema),
});
export type ChurchDashboard = z.infer<typeof churchDashboardSchema>;

export const churchDashboardTables = ['weeks', 'groups'] as const;
/** `GET /api/churches/{id}/dashboard.csv?table=weeks|groups`: the weekly figures (default) or the group health table. */
export const churchDashboardCsvQuerySchema = z.object({
  table: z.enum(churchDashboardTables, { message: 'Choose the table to export: weeks or groups' }).default('weeks'),
});
export type ChurchDashboardTable = (typeof churchDashboardTables)[number];
