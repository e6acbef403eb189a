import type { InvitationState } from '@abide/contracts';

/** An invitation's state as the report shows it, at `now`. */
export const invitationStateOf = (doc: { acceptedAt: Date | null; expiresAt: Date }, undone: boolean, now = new Date()): InvitationState => {
  if (doc.acceptedAt) return 'accepted';
  if (undone) return 'withdrawn';
  return doc.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
};
