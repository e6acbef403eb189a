import { z } from 'zod';
import { eventVersions } from '../versions';

/**
 * Events of identity's member-import aggregate (topic identity.member-import.v1), one stream per import
 * (`member-import-{importId}`): a church admin's uploaded member list and what became of it (docs/member-imports.md).
 * The rows themselves (names, addresses, numbers) are never in events: they stay in identity's report
 * and invitation documents. Events carry only what other services act on:
 * - `member-invited`: an address that already had an account was invited (identity e-mails the join notice, formation
 *   puts it in the member's bell);
 * - `invitation-accepted`: the person accepted (community joins them to the church and, if named, the group).
 */
const ids = { importId: z.string().min(1), churchId: z.string().min(1) };
const userId = z.string().min(1);
const instant = z.string().datetime({ offset: true });

/** The outcome of each row, counted: new people invited, account holders invited, members already, invited already, refused. */
export const memberImportCounts = z.object({
  created: z.number().int().min(0),
  invited: z.number().int().min(0),
  alreadyMember: z.number().int().min(0),
  alreadyInvited: z.number().int().min(0),
  refused: z.number().int().min(0),
});

/** An admin uploaded a readable file of `rowCount` rows; the job that processes them is queued. */
export const memberImportStartedV1 = z.object({
  ...ids,
  startedBy: userId,
  fileName: z.string().min(1).max(200),
  rowCount: z.number().int().min(1).max(5000),
});
/**
 * An account holder was invited to the church (the row's address had an account): a join notice for them. `churchName`
 * is the church's words at the time, so the notice reads without asking community.
 */
export const memberImportMemberInvitedV1 = z.object({
  ...ids,
  invitationId: z.string().min(1),
  userId,
  churchName: z.string().min(1).max(80),
  expiresAt: instant,
});
/**
 * v2 adds `invitedBy`: the admin whose import it was, so the notice can say who added them. Notices recorded before v2
 * do not say (null).
 */
export const memberImportMemberInvitedV2 = memberImportMemberInvitedV1.extend({ invitedBy: userId.nullable() });
/** Every row was processed: the invitations are recorded and their e-mails queued. */
export const memberImportCompletedV1 = z.object({ ...ids, counts: memberImportCounts });
/** The job gave up (its retries ran out); nothing more is done for this import. */
export const memberImportFailedV1 = z.object({ ...ids, reason: z.string().min(1).max(500) });
/** An admin undid the import while none of its invitations was used: every one of them stops working. */
export const memberImportUndoneV1 = z.object({ ...ids, undoneBy: userId });
/** The invited person accepted: they join the church, and the group when the row named one (`groupId`). */
export const memberImportInvitationAcceptedV1 = z.object({
  ...ids,
  invitationId: z.string().min(1),
  userId,
  groupId: z.string().min(1).nullable(),
  acceptedAt: instant,
});

export const identityMemberImportEvents = {
  'identity.member-import.started': { schemaVersion: 1, schema: memberImportStartedV1 },
  'identity.member-import.member-invited': eventVersions(memberImportMemberInvitedV1).next(memberImportMemberInvitedV2, (v1) => ({
    ...v1,
    invitedBy: null,
  })),
  'identity.member-import.completed': { schemaVersion: 1, schema: memberImportCompletedV1 },
  'identity.member-import.failed': { schemaVersion: 1, schema: memberImportFailedV1 },
  'identity.member-import.undone': { schemaVersion: 1, schema: memberImportUndoneV1 },
  'identity.member-import.invitation-accepted': { schemaVersion: 1, schema: memberImportInvitationAcceptedV1 },
} as const;
