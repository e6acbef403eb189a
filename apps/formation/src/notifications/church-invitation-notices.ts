import type { EventOf } from '@abide/contracts';
import type { NewNotification } from './notification.store';

/**
 * The bell's side of a church's join notice (docs/member-imports.md): an account holder was named in a church's member
 * import. Keyed by the invitation, so a redelivered event, or the same invitation told twice, is one entry.
 * `invitedBy` is the admin's name when formation knows it (an account deleted meanwhile, or a notice from before
 * events named the admin, has none).
 */
export const churchInvitationNotice = (event: EventOf<'identity.member-import.member-invited'>, invitedBy: string | null): NewNotification => {
  const { churchName, invitationId, userId } = event.data;
  const who = invitedBy?.trim();
  return {
    userId,
    key: `church-invitation:${invitationId}`,
    title: `You were invited to ${churchName}`,
    body: `${who ? `${who} added you to ${churchName}` : `${churchName} added you to its members`} on Abide. Accept to join them; nothing changes until you do.`,
    link: `/invitations/${encodeURIComponent(invitationId)}`,
  };
};
