import { z } from 'zod';
import { eventVersions } from '../versions';

/**
 * Events of community's group aggregate (topic community.group.v1), one stream per group.
 * Membership facts (`member-joined`, `member-left`, `member-removed`) are what the library consumes to show
 * group-visible resources to the group's members. Names and descriptions are the group's, not a member's.
 */
const ids = { groupId: z.string().min(1) };
const userId = z.string().min(1);
const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
/** The roles a member holds in a group, as the group's events record them. */
const groupRoles = ['owner', 'co-leader', 'member'] as const;
/** When and where the group meets, as stored with the group's events (the API's meeting shape is its own). */
const groupMeeting = z.object({
  day: z.enum(['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday']).nullable(),
  time: hhmm.nullable(),
  location: z.string().trim().max(200).nullable(),
});

export const groupCreatedV1 = z.object({
  ...ids,
  ownerId: userId,
  name: z.string().min(1).max(80),
  description: z.string().max(1000),
  isPublic: z.boolean(),
  meeting: groupMeeting.nullable(),
});
/** Only the fields that changed. */
export const groupUpdatedV1 = z.object({
  ...ids,
  updatedBy: userId,
  name: z.string().min(1).max(80).optional(),
  description: z.string().max(1000).optional(),
  isPublic: z.boolean().optional(),
  meeting: groupMeeting.nullable().optional(),
});
/** `via`: 'created' for the owner, 'open' for a public group joined at once, 'request' after approval. */
export const groupMemberJoinedV1 = z.object({
  ...ids,
  userId,
  role: z.enum(groupRoles),
  via: z.enum(['created', 'open', 'request']),
  joinedAt: z.string().datetime({ offset: true }),
});
/** v2 adds `via: 'invitation'`: a church admin's bulk import named the group on the row the member accepted. */
export const groupMemberJoinedV2 = groupMemberJoinedV1.extend({ via: z.enum(['created', 'open', 'request', 'invitation']) });
export const groupMemberLeftV1 = z.object({ ...ids, userId });
/** A leader removed the member, or the member's account was deleted (`removedBy: 'system'`). */
export const groupMemberRemovedV1 = z.object({ ...ids, userId, removedBy: z.string().min(1) });
export const groupMemberRoleChangedV1 = z.object({ ...ids, userId, role: z.enum(groupRoles), changedBy: userId });
export const groupJoinRequestedV1 = z.object({ ...ids, requestId: z.string().min(1), userId });
export const groupJoinRequestApprovedV1 = z.object({ ...ids, requestId: z.string().min(1), userId, decidedBy: userId });
export const groupJoinRequestDeclinedV1 = z.object({ ...ids, requestId: z.string().min(1), userId, decidedBy: userId });
/** A member withdrew a pending request themselves. */
export const groupJoinRequestWithdrawnV1 = z.object({ ...ids, requestId: z.string().min(1), userId });
/**
 * The member's own choice whether this group's leaders see their progress (#26): off until they turn it on, so a
 * membership without this event does not share. Only the member changes it (or the one-time move of their old
 * single choice, docs/churches.md "Sharing progress").
 */
export const groupMemberSharingChangedV1 = z.object({ ...ids, userId, shares: z.boolean() });
/** A member rates a week's meeting 1–5; rating the same week again replaces the earlier rating. */
export const groupMeetingRatedV1 = z.object({ ...ids, userId, weekStart: localDate, rating: z.number().int().min(1).max(5) });

/**
 * The group now belongs to a church (set at creation by a church admin, or later by its owner who is one): the
 * church's page lists it, and "My church" in Discover finds it.
 */
export const groupAttachedToChurchV1 = z.object({ ...ids, churchId: z.string().min(1), attachedBy: userId });
/** The group no longer belongs to the church (its owner or the church's admin took it out). */
export const groupDetachedFromChurchV1 = z.object({ ...ids, churchId: z.string().min(1), detachedBy: userId });

export const communityGroupEvents = {
  'community.group.created': { schemaVersion: 1, schema: groupCreatedV1 },
  'community.group.updated': { schemaVersion: 1, schema: groupUpdatedV1 },
  'community.group.member-joined': eventVersions(groupMemberJoinedV1).next(groupMemberJoinedV2, (v1) => v1),
  'community.group.member-left': { schemaVersion: 1, schema: groupMemberLeftV1 },
  'community.group.member-removed': { schemaVersion: 1, schema: groupMemberRemovedV1 },
  'community.group.member-role-changed': { schemaVersion: 1, schema: groupMemberRoleChangedV1 },
  'community.group.join-requested': { schemaVersion: 1, schema: groupJoinRequestedV1 },
  'community.group.join-request-approved': { schemaVersion: 1, schema: groupJoinRequestApprovedV1 },
  'community.group.join-request-declined': { schemaVersion: 1, schema: groupJoinRequestDeclinedV1 },
  'community.group.join-request-withdrawn': { schemaVersion: 1, schema: groupJoinRequestWithdrawnV1 },
  'community.group.meeting-rated': { schemaVersion: 1, schema: groupMeetingRatedV1 },
  'community.group.member-sharing-changed': { schemaVersion: 1, schema: groupMemberSharingChangedV1 },
  'community.group.attached-to-church': { schemaVersion: 1, schema: groupAttachedToChurchV1 },
  'community.group.detached-from-church': { schemaVersion: 1, schema: groupDetachedFromChurchV1 },
} as const;
