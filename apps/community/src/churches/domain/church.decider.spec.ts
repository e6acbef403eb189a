import { churchMessages as m, type ChurchRole, errorCodes } from '@abide/contracts';
import type { NewEvent } from '@abide/event-store';
import { deciderSpec } from '@abide/event-store/src/testing/decider-specification';
import { type ChurchCommand, churchDecider } from './church.decider';

const { given } = deciderSpec(churchDecider);
const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 9, minute));
const churchId = 'c1';
const notFound = (what: string) => `${what} was not found.`;
const profile = { name: 'Grace', welcome: 'Welcome', primaryColor: '#0f766e', timeZone: 'Europe/London' };

// ---- events, as the decider returns them ----
const joined = (userId: string, minute: number, via: 'created' | 'code' | 'request' | 'invitation' = 'code', role: ChurchRole = 'member'): NewEvent => ({
  type: 'community.church.member-joined',
  subjectId: userId,
  data: { churchId, userId, role, via, joinedAt: at(minute).toISOString() },
});
const founded: NewEvent[] = [
  { type: 'community.church.created', subjectId: null, data: { churchId, slug: 'grace', ...profile, joinCode: 'ABCDEFGH', createdBy: 'founder' } },
  joined('founder', 0, 'created', 'admin'),
];
const requested = (userId: string): NewEvent => ({ type: 'community.church.join-requested', subjectId: userId, data: { churchId, requestId: `r-${userId}`, userId } });
const withdrawn = (userId: string): NewEvent => ({
  type: 'community.church.join-request-withdrawn',
  subjectId: userId,
  data: { churchId, requestId: `r-${userId}`, userId },
});
const decided = (userId: string, approved: boolean): NewEvent => ({
  type: approved ? 'community.church.join-request-approved' : 'community.church.join-request-declined',
  subjectId: userId,
  data: { churchId, requestId: `r-${userId}`, userId, decidedBy: 'founder' },
});
const roleChanged = (userId: string, role: ChurchRole, changedBy = 'founder'): NewEvent => ({
  type: 'community.church.member-role-changed',
  subjectId: userId,
  data: { churchId, userId, role, changedBy },
});
const left = (userId: string): NewEvent => ({ type: 'community.church.member-left', subjectId: userId, data: { churchId, userId } });
const removed = (userId: string, removedBy: string): NewEvent => ({
  type: 'community.church.member-removed',
  subjectId: userId,
  data: { churchId, userId, removedBy },
});
/** The founder (admin), Anna and Ben (members, in that order). */
const members = [...founded, joined('anna', 1), joined('ben', 2)];

// ---- commands ----
const joinByCode = (userId: string, code = 'ABCDEFGH', minute = 5): ChurchCommand => ({ type: 'JoinChurchByCode', churchId, userId, code, now: at(minute) });
const request = (userId: string): ChurchCommand => ({ type: 'RequestToJoinChurch', churchId, userId, requestId: `r-${userId}` });
const decide = (by: string, requestId: string, approve: boolean): ChurchCommand => ({ type: 'DecideRequest', id: churchId, by, requestId, approve, now: at(5) });
const leave = (userId: string): ChurchCommand => ({ type: 'LeaveMembership', id: churchId, userId });
const remove = (by: string, target: string): ChurchCommand => ({ type: 'RemoveMember', id: churchId, by, target });
const setRole = (by: string, target: string, role: ChurchRole): ChurchCommand => ({ type: 'SetChurchRole', churchId, by, target, role });

describe('church decider', () => {
  it('is created with its creator as its first admin, once', () => {
    const create: ChurchCommand = { type: 'CreateChurch', churchId, slug: 'grace', ...profile, joinCode: 'ABCDEFGH', createdBy: 'founder', now: at(0) };
    given([]).when(create).then(founded);
    given(founded).when(create).thenNothing();
  });

  it('records only the settings that changed, and only from admins', () => {
    const update = (by: string, changes: Extract<ChurchCommand, { type: 'UpdateChurch' }>['changes']): ChurchCommand => ({ type: 'UpdateChurch', churchId, by, changes });
    given(members).when(update('founder', { name: 'Grace', welcome: 'Hello' })).then([
      { type: 'community.church.profile-updated', subjectId: null, data: { churchId, updatedBy: 'founder', welcome: 'Hello' } },
    ]);
    given(members).when(update('founder', { name: 'Grace' })).thenNothing();
    given(members).when(update('anna', { name: 'Mine' })).thenThrows(errorCodes.forbidden, m.adminsOnly);
    given(members).when(update('stranger', { name: 'Mine' })).thenThrows(errorCodes.forbidden, m.membersOnly);
    given([]).when(update('founder', { name: 'Mine' })).thenThrows(errorCodes.notFound, notFound(m.church));
  });

  it('changes its address (claimed before) from an admin, and records nothing for the same one', () => {
    const slug = (by: string, to: string): ChurchCommand => ({ type: 'ChangeChurchSlug', churchId, by, slug: to });
    given(members).when(slug('founder', 'grace-leeds')).then([
      { type: 'community.church.slug-changed', subjectId: null, data: { churchId, slug: 'grace-leeds', previousSlug: 'grace', changedBy: 'founder' } },
    ]);
    given(members).when(slug('founder', 'grace')).thenNothing();
    given(members).when(slug('anna', 'mine')).thenThrows(errorCodes.forbidden, m.adminsOnly);
  });

  it('lets members join by the current code only; a replaced code stops working', () => {
    const renewed: NewEvent = { type: 'community.church.join-code-changed', subjectId: null, data: { churchId, joinCode: 'JKMNPQRS', changedBy: 'founder' } };
    given(members).when({ type: 'ChangeJoinCode', churchId, by: 'founder', joinCode: 'JKMNPQRS' }).then([renewed]);
    given(members).when({ type: 'ChangeJoinCode', churchId, by: 'anna', joinCode: 'JKMNPQRS' }).thenThrows(errorCodes.forbidden, m.adminsOnly);
    given(founded).when(joinByCode('cara')).then([joined('cara', 5)]);
    given([...founded, renewed]).when(joinByCode('cara')).thenThrows(errorCodes.notFound, m.codeUnknown, 'code');
    given([...founded, renewed]).when(joinByCode('cara', 'JKMNPQRS')).then([joined('cara', 5)]);
    given(members).when(joinByCode('anna')).thenThrows(errorCodes.conflict, m.alreadyMember);
    given([...founded, left('founder')]).when(joinByCode('cara')).thenThrows(errorCodes.notFound, m.codeUnknown, 'code');
  });

  it('takes requests that only admins decide; joining by code settles a pending request', () => {
    const waiting = [...members, requested('ruth')];
    given(members).when(request('ruth')).then([requested('ruth')]);
    given(waiting).when(request('ruth')).thenThrows(errorCodes.conflict, m.alreadyRequested);
    given(members).when(request('anna')).thenThrows(errorCodes.conflict, m.alreadyMember);
    given([]).when(request('ruth')).thenThrows(errorCodes.notFound, notFound(m.church));
    given(waiting).when(decide('founder', 'r-ruth', true)).then([decided('ruth', true), joined('ruth', 5, 'request')]);
    given(waiting).when(decide('founder', 'r-ruth', false)).then([decided('ruth', false)]);
    given(waiting).when(decide('anna', 'r-ruth', true)).thenThrows(errorCodes.forbidden, m.adminsOnly);
    given(waiting).when(decide('founder', 'r-nobody', true)).thenThrows(errorCodes.notFound, notFound(m.request));
    given(waiting).when(joinByCode('ruth')).then([withdrawn('ruth'), joined('ruth', 5)]);
  });

  it('lets a requester withdraw a waiting request only', () => {
    const withdraw: ChurchCommand = { type: 'WithdrawRequest', id: churchId, userId: 'ruth' };
    given([...members, requested('ruth')]).when(withdraw).then([withdrawn('ruth')]);
    given(members).when(withdraw).thenThrows(errorCodes.notFound, notFound(m.request));
  });

  it('always keeps an admin: the only admin cannot leave or step down while others remain', () => {
    given(members).when(leave('founder')).thenThrows(errorCodes.conflict, m.lastAdminLeaves);
    given(members).when(setRole('founder', 'founder', 'member')).thenThrows(errorCodes.conflict, m.lastAdminDemoted);
    given(members).when(leave('anna')).then([left('anna')]);
    given(members).when(leave('stranger')).thenThrows(errorCodes.forbidden, m.notMember);
    given(members).when(setRole('founder', 'anna', 'admin')).then([roleChanged('anna', 'admin')]);
    given([...members, roleChanged('anna', 'admin')]).when(leave('founder')).then([left('founder')]);
    given([...members, roleChanged('anna', 'admin')]).when(setRole('founder', 'founder', 'member')).then([roleChanged('founder', 'member')]);
  });

  it('changes roles from admins only, of members only, and records nothing for the same role', () => {
    given(members).when(setRole('founder', 'anna', 'member')).thenNothing();
    given(members).when(setRole('anna', 'ben', 'admin')).thenThrows(errorCodes.forbidden, m.adminsOnly);
    given(members).when(setRole('founder', 'nobody', 'admin')).thenThrows(errorCodes.notFound, notFound(m.member));
  });

  it('closes when its last member leaves: it is then not found', () => {
    given(founded).when(leave('founder')).then([left('founder')]);
    given([...founded, left('founder')]).when(leave('founder')).thenThrows(errorCodes.notFound, notFound(m.church));
  });

  it('lets admins remove anyone but themselves, other admins included', () => {
    const twoAdmins = [...members, roleChanged('anna', 'admin')];
    given(twoAdmins).when(remove('anna', 'founder')).then([removed('founder', 'anna')]);
    given(twoAdmins).when(remove('founder', 'founder')).thenThrows(errorCodes.conflict, m.removeSelf);
    given(twoAdmins).when(remove('anna', 'nobody')).thenThrows(errorCodes.notFound, notFound(m.member));
    given(twoAdmins).when(remove('ben', 'anna')).thenThrows(errorCodes.forbidden, m.adminsOnly);
  });

  it('makes an invited person a member once, withdrawing a request they had waiting; closed churches and members stay as they are', () => {
    const invite: ChurchCommand = { type: 'JoinChurchByInvitation', churchId, userId: 'lydia', now: at(5) };
    given([...members, requested('lydia')]).when(invite).then([withdrawn('lydia'), joined('lydia', 5, 'invitation')]);
    given([...members, joined('lydia', 5, 'invitation')]).when(invite).thenNothing();
    given([]).when(invite).thenNothing();
    given([...founded, left('founder')]).when(invite).thenNothing();
  });

  it('keeps each member’s own choice to share with the church: off until turned on, only theirs, only while they belong (#26)', () => {
    const share = (userId: string, shares: boolean): ChurchCommand => ({ type: 'SetSharing', id: churchId, userId, shares });
    const changed = (userId: string, shares: boolean): NewEvent => ({
      type: 'community.church.member-sharing-changed',
      subjectId: userId,
      data: { churchId, userId, shares },
    });
    given(members).when(share('ben', true)).then([changed('ben', true)]);
    given(members).when(share('ben', false)).thenNothing();
    given([...members, changed('ben', true)]).when(share('ben', true)).thenNothing();
    given([...members, changed('ben', true)]).when(share('ben', false)).then([changed('ben', false)]);
    given([...members, changed('ben', true), left('ben'), joined('ben', 5)]).when(share('ben', true)).then([changed('ben', true)]);
    given(members).when(share('stranger', true)).thenThrows(errorCodes.forbidden, m.membersOnly);
    given([]).when(share('ben', true)).thenThrows(errorCodes.notFound, notFound(m.church));
  });

  it('on account deletion hands an only admin’s church to the longest-standing member before removing them', () => {
    const depart = (userId: string): ChurchCommand => ({ type: 'Depart', id: churchId, userId });
    given(members).when(depart('founder')).then([roleChanged('anna', 'admin', 'system'), removed('founder', 'system')]);
    given([...founded, joined('ben', 2), joined('anna', 1)]).when(depart('founder')).then([roleChanged('anna', 'admin', 'system'), removed('founder', 'system')]);
    given(members).when(depart('ben')).then([removed('ben', 'system')]);
    given([...members, requested('ruth')]).when(depart('ruth')).then([withdrawn('ruth')]);
    given(members).when(depart('stranger')).thenNothing();
    given([]).when(depart('stranger')).thenNothing();
  });
});
