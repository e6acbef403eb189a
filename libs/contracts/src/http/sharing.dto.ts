import { z } from 'zod';

/**
 * Sharing progress, chosen per membership (#26): each group and each church a member belongs to carries the member's
 * own choice whether its leaders (a group) or its pastors and admins (a church) see their figures. Off until turned on.
 */
const membershipSharingSchema = z.object({ id: z.string(), name: z.string(), shares: z.boolean() });
export type MembershipSharing = z.infer<typeof membershipSharingSchema>;

/** `GET /api/sharing`: the caller's groups and churches, each with their own choice. */
export const mySharingSchema = z.object({
  groups: z.array(membershipSharingSchema),
  churches: z.array(membershipSharingSchema),
});
export type MySharing = z.infer<typeof mySharingSchema>;

/** `PUT /api/sharing/groups/{id}`, `PUT /api/sharing/churches/{id}`, and `PUT /api/sharing` (every membership at once). */
export const setSharingRequestSchema = z.object({ shares: z.boolean({ error: 'Say whether to share: true or false' }) });
export type SetSharingRequest = z.infer<typeof setSharingRequestSchema>;
