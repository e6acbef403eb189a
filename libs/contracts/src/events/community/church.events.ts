import { z } from 'zod';
import { eventVersions } from '../versions';

/**
 * Events of community's church aggregate (topic community.church.v1), one stream per church (`church-{churchId}`).
 * This is the contract other services build on (docs/churches.md):
 * - membership: `member-joined`, `member-left`, `member-removed` (removedBy 'system' = account deletion) and
 *   `member-role-changed` say who belongs to which church and who administers it; the library learns its church scope
 *   from them, and anything that assigns work to a church's members (curriculum) follows them the same way;
 * - the church itself: `created`, `profile-updated` (only the changed fields), `slug-changed`;
 * - joining: `join-code-changed` (the old code stops working), `join-requested` and its outcomes.
 * A church's words (name, welcome) belong to the church, not to a member: they carry no subject and survive the
 * deletion of the account that wrote them.
 */
const ids = { churchId: z.string().min(1) };
const userId = z.string().min(1);
/** The roles of the church contract: `admin` runs the church (settings, members, requests), `member` belongs. */
const churchRoles = ['admin', 'member'] as const;
const hexColor = z.string().regex(/^#[0-9a-f]{6}$/);

export const churchCreatedV1 = z.object({
  ...ids,
  slug: z.string().min(3).max(40),
  name: z.string().min(1).max(80),
  welcome: z.string().max(2000),
  primaryColor: hexColor,
  timeZone: z.string().min(1),
  /** The first join code (8 characters of an unambiguous alphabet). */
  joinCode: z.string().length(8),
  createdBy: userId,
});
/** Only the fields that changed. */
export const churchProfileUpdatedV1 = z.object({
  ...ids,
  updatedBy: userId,
  name: z.string().min(1).max(80).optional(),
  welcome: z.string().max(2000).optional(),
  primaryColor: hexColor.optional(),
  timeZone: z.string().min(1).optional(),
});
/** The church's address `/c/{slug}` changed; the previous one is free for others. */
export const churchSlugChangedV1 = z.object({ ...ids, slug: z.string().min(3).max(40), previousSlug: z.string(), changedBy: userId });
/** A new join code replaces the old one, which stops working at once (invitation links carry the code). */
export const churchJoinCodeChangedV1 = z.object({ ...ids, joinCode: z.string().length(8), changedBy: userId });
/**
 * `via`: 'created' for the founder, 'code' for a join code or invitation link, 'request' after an admin approved.
 */
export const churchMemberJoinedV1 = z.object({
  ...ids,
  userId,
  role: z.enum(churchRoles),
  via: z.enum(['created', 'code', 'request']),
  joinedAt: z.string().datetime({ offset: true }),
});
/** v2 adds `via: 'invitation'`: the member accepted a personal invitation of a bulk import (docs/member-imports.md). */
export const churchMemberJoinedV2 = churchMemberJoinedV1.extend({ via: z.enum(['created', 'code', 'request', 'invitation']) });
export const churchMemberLeftV1 = z.object({ ...ids, userId });
/** An admin removed the member, or the member's account was deleted (`removedBy: 'system'`). */
export const churchMemberRemovedV1 = z.object({ ...ids, userId, removedBy: z.string().min(1) });
/** `changedBy: 'system'` when the last admin's account was deleted and the longest-standing member took over. */
export const churchMemberRoleChangedV1 = z.object({ ...ids, userId, role: z.enum(churchRoles), changedBy: z.string().min(1) });
/**
 * The member's own choice whether the church's pastors and admins see their progress (dashboard, curriculum progress;
 * #26): off until they turn it on. Formation follows it for the curriculum figures.
 */
export const churchMemberSharingChangedV1 = z.object({ ...ids, userId, shares: z.boolean() });
export const churchJoinRequestedV1 = z.object({ ...ids, requestId: z.string().min(1), userId });
export const churchJoinRequestApprovedV1 = z.object({ ...ids, requestId: z.string().min(1), userId, decidedBy: userId });
export const churchJoinRequestDeclinedV1 = z.object({ ...ids, requestId: z.string().min(1), userId, decidedBy: userId });
/** The member withdrew their request, or it went with their account or their joining by code. */
export const churchJoinRequestWithdrawnV1 = z.object({ ...ids, requestId: z.string().min(1), userId });

export const communityChurchEvents = {
  'community.church.created': { schemaVersion: 1, schema: churchCreatedV1 },
  'community.church.profile-updated': { schemaVersion: 1, schema: churchProfileUpdatedV1 },
  'community.church.slug-changed': { schemaVersion: 1, schema: churchSlugChangedV1 },
  'community.church.join-code-changed': { schemaVersion: 1, schema: churchJoinCodeChangedV1 },
  'community.church.member-joined': eventVersions(churchMemberJoinedV1).next(churchMemberJoinedV2, (v1) => v1),
  'community.church.member-left': { schemaVersion: 1, schema: churchMemberLeftV1 },
  'community.church.member-removed': { schemaVersion: 1, schema: churchMemberRemovedV1 },
  'community.church.member-role-changed': { schemaVersion: 1, schema: churchMemberRoleChangedV1 },
  'community.church.member-sharing-changed': { schemaVersion: 1, schema: churchMemberSharingChangedV1 },
  'community.church.join-requested': { schemaVersion: 1, schema: churchJoinRequestedV1 },
  'community.church.join-request-approved': { schemaVersion: 1, schema: churchJoinRequestApprovedV1 },
  'community.church.join-request-declined': { schemaVersion: 1, schema: churchJoinRequestDeclinedV1 },
  'community.church.join-request-withdrawn': { schemaVersion: 1, schema: churchJoinRequestWithdrawnV1 },
} as const;

/** The membership facts of the church contract: who belongs to which church, with which role. */
export const churchMembershipEventTypes = [
  'community.church.member-joined',
  'community.church.member-left',
  'community.church.member-removed',
  'community.church.member-role-changed',
] as const;
