import { z } from 'zod';
import { requiredText } from './required-text';

/** Community's public shapes: groups, membership, requests, the leaders' dashboard, ratings, prayer requests. */

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a time like 19:30');
/** A calendar date, YYYY-MM-DD, that exists (documented as `format: date` with the pattern zod checks). */
const localDate = z.iso.date('Use a date like 2026-11-22');

export const groupMemberRoles = ['owner', 'co-leader', 'member'] as const;
export type GroupMemberRole = (typeof groupMemberRoles)[number];
export const GROUP_NAME_MAX = 80;
export const GROUP_DESCRIPTION_MAX = 1000;
export const PRAYER_TEXT_MAX = 1000;
export const TESTIMONY_MAX = 1000;
/** A group is Active when any member did something in the last this many days. */
export const GROUP_ACTIVE_DAYS = 14;

export const groupMessages = {
  nameRequired: 'Please enter a group name',
  /** Shown when the free plan's group entitlement is used up ({limit} groups of one's own). */
  limitReached: (limit: number) =>
    `The free plan includes ${limit === 1 ? 'one group' : `${limit} groups`} of your own. Hand over or close your group to start another.`,
} as const;

export const weekdays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export const meetingSchema = z.object({
  day: z.enum(weekdays).nullable(),
  time: hhmm.nullable(),
  /** A place or a link. */
  location: z.string().trim().max(200).nullable(),
});
export type Meeting = z.infer<typeof meetingSchema>;

export const createGroupRequestSchema = z.object({
  name: requiredText(groupMessages.nameRequired).max(GROUP_NAME_MAX),
  description: z.string().trim().max(GROUP_DESCRIPTION_MAX).optional().default(''),
  isPublic: z.boolean().optional().default(true),
  meeting: meetingSchema.nullable().optional().default(null),
  /** One of the churches the caller administers: the group belongs to it from the start. */
  churchId: z.string().min(1).optional(),
});
/** Group Settings: only the fields sent change. */
export const updateGroupRequestSchema = z.object({
  name: requiredText(groupMessages.nameRequired).max(GROUP_NAME_MAX),
  description: z.string().trim().max(GROUP_DESCRIPTION_MAX),
  isPublic: z.boolean(),
  meeting: meetingSchema.nullable(),
}).partial();

/** The caller's relation to a group. */
export const membershipStatuses = ['owner', 'co-leader', 'member', 'pending', 'none'] as const;

export const groupSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  isPublic: z.boolean(),
  ownerId: z.string(),
  ownerName: z.string().nullable(),
  meeting: meetingSchema.nullable(),
  memberCount: z.number().int(),
  /** The caller's relation: owner, co-leader, member, pending (request waiting) or none. */
  myStatus: z.enum(membershipStatuses),
  /** Any member activity in the last GROUP_ACTIVE_DAYS days. */
  active: z.boolean(),
  /** This week's completed check-ins of members who share progress / what their habits expect this week. */
  weeklyProgress: z.object({ completed: z.number().int(), expected: z.number().int() }),
  /** The latest member activity, e.g. { text: 'Anna checked in', at } (null: 'No recent activity'). */
  recentActivity: z.object({ text: z.string(), at: z.string() }).nullable(),
  /** The church the group belongs to, or null. */
  churchId: z.string().nullable(),
  createdAt: z.string(),
});
export type GroupSummary = z.infer<typeof groupSummarySchema>;

/** `GET /api/groups/discover?q=&page=&pageSize=`: public and private groups (private ones show no members or content). */
export const discoverQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  /** `mine`: only the groups of the churches the caller belongs to. */
  church: z.enum(['mine']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(12),
});
export const groupPageSchema = z.object({
  items: z.array(groupSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type GroupPage = z.infer<typeof groupPageSchema>;

/** `POST /api/groups/{id}/join`: public groups join at once, private ones create a pending request. */
export const joinResultSchema = z.object({ status: z.enum(['joined', 'requested']), group: groupSummarySchema });
export type JoinResult = z.infer<typeof joinResultSchema>;

export const groupMemberSchema = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  role: z.enum(groupMemberRoles),
  joinedAt: z.string(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;
export const changeRoleRequestSchema = z.object({ role: z.enum(['co-leader', 'member']) });
/** `POST /api/groups/{id}/owner`: the owner hands the group to another member and stays on as a co-leader. */
export const handOverRequestSchema = z.object({ userId: z.string().min(1, 'Choose the member who will own the group') });

export const joinRequestSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string().nullable(),
  requestedAt: z.string(),
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;

/** One member's week on the dashboard: counts only, never journal content; `null` when they do not share progress. */
export const memberWeekSchema = z.object({ checkIns: z.number().int(), planActivities: z.number().int(), journalDays: z.number().int() });
export const dashboardSchema = z.object({
  group: groupSummarySchema,
  weekStart: localDate,
  members: z.array(groupMemberSchema.extend({ sharesProgress: z.boolean(), week: memberWeekSchema.nullable() })),
  /** The last 8 weeks, oldest first. */
  weeklyActivity: z.array(z.object({ weekStart: localDate, activeMembers: z.number().int(), checkIns: z.number().int(), planActivities: z.number().int(), journalDays: z.number().int() })),
  /** Consecutive weeks (up to this one) in which at least half the members were active. */
  weekStreak: z.number().int(),
  averageRating: z.object({ average: z.number().nullable(), count: z.number().int() }),
  pendingRequests: z.array(joinRequestSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** A member rates a week's meeting (default: this week). */
export const rateMeetingRequestSchema = z.object({
  rating: z.number().int().min(1, 'Choose 1 to 5 stars').max(5, 'Choose 1 to 5 stars'),
  weekStart: localDate.optional(),
});
export const myRatingSchema = z.object({ weekStart: localDate, rating: z.number().int().nullable() });

// ---- prayer requests ----
export const postPrayerRequestSchema = z.object({
  text: requiredText('Please write your prayer request').max(PRAYER_TEXT_MAX),
  anonymous: z.boolean().optional().default(false),
});
export const answerPrayerRequestSchema = z.object({ testimony: z.string().trim().max(TESTIMONY_MAX).optional().default('') });
export const prayerRequestSchema = z.object({
  id: z.string(),
  groupId: z.string(),
  text: z.string(),
  /** null when anonymous (to everyone but the author). */
  authorName: z.string().nullable(),
  anonymous: z.boolean(),
  isAuthor: z.boolean(),
  prayedCount: z.number().int(),
  prayedByMe: z.boolean(),
  answered: z.boolean(),
  testimony: z.string().nullable(),
  hidden: z.boolean(),
  createdAt: z.string(),
});
export type PrayerRequest = z.infer<typeof prayerRequestSchema>;
