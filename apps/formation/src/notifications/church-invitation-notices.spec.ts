import type { EventOf } from '@abide/contracts';
import { churchInvitationNotice } from './church-invitation-notices';

const invited = (invitationId: string) =>
  ({
    id: `evt-${invitationId}`,
    type: 'identity.member-import.member-invited',
    schemaVersion: 2,
    streamId: 'member-import-i1',
    version: 3,
    occurredAt: '2026-11-01T09:00:00.000Z',
    subjectId: 'u1',
    correlationId: 'c',
    causationId: null,
    data: { importId: 'i1', churchId: 'c1', invitationId, userId: 'u1', churchName: 'Grace Chapel', expiresAt: '2026-11-15T09:00:00.000Z', invitedBy: 'a1' },
  }) as EventOf<'identity.member-import.member-invited'>;

describe(churchInvitationNotice.name, () => {
  it('returns a notice naming the church and the admin, keyed by the invitation, linking to the invitation', () => {
    expect(churchInvitationNotice(invited('inv/1'), 'Barnabas')).toEqual({
      userId: 'u1',
      key: 'church-invitation:inv/1',
      title: 'You were invited to Grace Chapel',
      body: 'Barnabas added you to Grace Chapel on Abide. Accept to join them; nothing changes until you do.',
      link: '/invitations/inv%2F1',
    });
  });

  it('returns a notice that names the church alone when the admin is not known', () => {
    expect(churchInvitationNotice(invited('inv2'), '  ').body).toBe(
      'Grace Chapel added you to its members on Abide. Accept to join them; nothing changes until you do.',
    );
  });
});
