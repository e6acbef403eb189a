import { errorCodes } from '@abide/contracts';
import type { NewEvent } from '@abide/event-store';
import { deciderSpec } from '@abide/event-store/src/testing/decider-specification';
import { deniedMessages as m } from './group-denied';
import { type GroupCommand, groupDecider } from './group.decider';

const { given } = deciderSpec(groupDecider);
const now = new Date('2026-03-04T15:00:00Z');
const joinedAt = now.toISOString();
const groupId = 'g';
const notFound = (what: string) => `${what} was not found.`;

// ---- events, as the decider returns them ----
const created = (isPublic = true): NewEvent => ({
  type: 'community.group.created',
  subjectId: null,
  data: { groupId, ownerId: 'owner', name: 'G', description: '', isPublic, meeting: null },
});
const joined = (userId: string, via: 'created' | 'open' | 'request' | 'invitation' = 'open', role: 'owner' | 'member' = 'member'): NewEvent => ({
  type: 'community.group.member-joined',
  subjectId: userId,
  data: { groupId, userId, role, via, joinedAt },
});
const founded = (isPublic = true): NewEvent[] => [created(isPublic), joined('owner', 'created', 'owner')];
const requested = (userId: string): NewEvent => ({
  type: 'community.group.join-requested',
  subjectId: userId,
  data: { groupId, requestId: `r-${userId}`, userId },
});
const withdrawn = (userId: string): NewEvent => ({
  type: 'community.group.join-request-withdrawn',
  subjectId: userId,
  data: { groupId, requestId: `r-${userId}`, userId },
});
const decided = (userId: string, approved: boolean): NewEvent => ({
  type: approved ? 'community.group.join-request-approved' : 'community.group.join-request-declined',
  subjectId: userId,
  data: { groupId, requestId: `r-${userId}`, userId, decidedBy: 'owner' },
});
const roleChanged = (userId: string, role: 'owner' | 'co-leader' | 'member', changedBy = 'owner'): NewEvent => ({
  type: 'community.group.member-role-changed',
  subjectId: userId,
  data: { groupId, userId, role, changedBy },
});
const left = (userId: string): NewEvent => ({ type: 'community.group.member-left', subjectId: userId, data: { groupId, userId } });
const removed = (userId: string, removedBy: string): NewEvent => ({
  type: 'community.group.member-removed',
  subjectId: userId,
  data: { groupId, userId, removedBy },
});
const attached = (churchId: string, attachedBy = 'owner'): NewEvent => ({
  type: 'community.group.attached-to-church',
  subjectId: null,
  data: { groupId, churchId, attachedBy },
});
const detached = (churchId: string, detachedBy = 'owner'): NewEvent => ({
  type: 'community.group.detached-from-church',
  subjectId: null,
  data: { groupId, churchId, detachedBy },
});

// ---- commands ----
const create = (isPublic = true, churchId?: string): GroupCommand => ({
  type: 'CreateGroup',
  groupId,
  ownerId: 'owner',
  name: 'G',
  description: '',
  isPublic,
  meeting: null,
  now,
  ...(churchId ? { churchId } : {}),
});
const join = (userId: string): GroupCommand => ({ type: 'JoinGroup', groupId, userId, requestId: `r-${userId}`, now });
const leave = (userId: string): GroupCommand => ({ type: 'LeaveMembership', id: groupId, userId });
const remove = (by: string, target: string): GroupCommand => ({ type: 'RemoveMember', id: groupId, by, target });
const changeRole = (by: string, target: string, role: 'co-leader' | 'member'): GroupCommand => ({ type: 'ChangeGroupRole', groupId, by, target, role });
const handOver = (by: string, target: string): GroupCommand => ({ type: 'HandOverGroup', groupId, by, target });
const decide = (by: string, requestId: string, approve: boolean): GroupCommand => ({ type: 'DecideRequest', id: groupId, by, requestId, approve, now });
const update = (by: string, changes: Extract<GroupCommand, { type: 'UpdateGroup' }>['changes']): GroupCommand => ({ type: 'UpdateGroup', groupId, by, changes });
const invite = (churchId = 'church-a'): GroupCommand => ({ type: 'JoinGroupByInvitation', groupId, userId: 'ann', churchId, requestId: 'r-ann', now });

/** Owner, Ann and Ben co-leaders, Cy a member. */
const leaders = [...founded(), joined('ann'), joined('ben'), joined('cy'), roleChanged('ann', 'co-leader'), roleChanged('ben', 'co-leader')];

describe('group decider', () => {
  it('founds the group with its owner as first member, in a church when one is named, once', () => {
    given([]).when(create()).then(founded());
    given([]).when(create(true, 'church-a')).then([...founded(), attached('church-a')]);
    given(founded()).when(create()).thenNothing();
  });

  it('lets anyone join a public group at once, and asks a private group’s leaders', () => {
    given(founded()).when(join('ann')).then([joined('ann')]);
    given(founded(false)).when(join('ann')).then([requested('ann')]);
  });

  it('refuses joining twice, asking twice, and joining a group that does not exist or closed', () => {
    given([...founded(), joined('ann')]).when(join('ann')).thenThrows(errorCodes.conflict, m.alreadyMember);
    given([...founded(false), requested('ann')]).when(join('ann')).thenThrows(errorCodes.conflict, m.alreadyRequested);
    given([]).when(join('ann')).thenThrows(errorCodes.notFound, notFound(m.group));
    given([...founded(), left('owner')]).when(join('ann')).thenThrows(errorCodes.notFound, notFound(m.group));
  });

  it('records only the settings that changed, from a leader; a private group’s outsiders learn nothing, a public one’s are told', () => {
    given(leaders).when(update('ann', { name: 'H', description: '' })).then([
      { type: 'community.group.updated', subjectId: null, data: { groupId, updatedBy: 'ann', name: 'H' } },
    ]);
    given(leaders).when(update('owner', { name: 'G' })).thenNothing();
    given(leaders).when(update('cy', { name: 'H' })).thenThrows(errorCodes.forbidden, m.leadersOnly);
    given(founded()).when(update('stranger', { name: 'H' })).thenThrows(errorCodes.forbidden, m.membersOnly);
    given(founded(false)).when(update('stranger', { name: 'H' })).thenThrows(errorCodes.notFound, notFound(m.group));
  });

  it('lets a leader approve or decline a pending request, and no one else', () => {
    const waiting = [...leaders, requested('dee')];
    given(waiting).when(decide('owner', 'r-dee', true)).then([decided('dee', true), joined('dee', 'request')]);
    given(waiting).when(decide('owner', 'r-dee', false)).then([decided('dee', false)]);
    given(waiting).when(decide('cy', 'r-dee', true)).thenThrows(errorCodes.forbidden, m.leadersOnly);
    given(waiting).when(decide('owner', 'r-nobody', true)).thenThrows(errorCodes.notFound, notFound(m.requestNotFound));
  });

  it('lets a requester withdraw a waiting request only', () => {
    const withdraw: GroupCommand = { type: 'WithdrawRequest', id: groupId, userId: 'dee' };
    given([...founded(false), requested('dee')]).when(withdraw).then([withdrawn('dee')]);
    given(founded(false)).when(withdraw).thenThrows(errorCodes.notFound, notFound(m.requestNotFound));
  });

  it('lets members leave, but not the owner while others remain; the owner leaving last closes the group', () => {
    given(leaders).when(leave('cy')).then([left('cy')]);
    given(leaders).when(leave('owner')).thenThrows(errorCodes.conflict, m.ownerLeaves);
    given(leaders).when(leave('stranger')).thenThrows(errorCodes.conflict, m.notMember);
    given(founded()).when(leave('owner')).then([left('owner')]);
    given([...founded(), left('owner')]).when(leave('owner')).thenThrows(errorCodes.notFound, notFound(m.group));
  });

  it('lets leaders remove members; only the owner removes a co-leader, and no one the owner or themselves', () => {
    given(leaders).when(remove('ann', 'cy')).then([removed('cy', 'ann')]);
    given(leaders).when(remove('owner', 'ben')).then([removed('ben', 'owner')]);
    given(leaders).when(remove('ann', 'ben')).thenThrows(errorCodes.forbidden, m.removeLeader);
    given(leaders).when(remove('ann', 'owner')).thenThrows(errorCodes.forbidden, m.removeOwner);
    given(leaders).when(remove('ann', 'ann')).thenThrows(errorCodes.conflict, m.removeSelf);
    given(leaders).when(remove('ann', 'nobody')).thenThrows(errorCodes.notFound, notFound(m.memberNotFound));
    given(leaders).when(remove('cy', 'ann')).thenThrows(errorCodes.forbidden, m.leadersOnly);
  });

  it('lets only the owner change roles, never the owner’s own, and records nothing for the same role', () => {
    given(leaders).when(changeRole('owner', 'cy', 'co-leader')).then([roleChanged('cy', 'co-leader')]);
    given(leaders).when(changeRole('owner', 'ann', 'co-leader')).thenNothing();
    given(leaders).when(changeRole('ann', 'cy', 'co-leader')).thenThrows(errorCodes.forbidden, m.ownerOnly);
    given(leaders).when(changeRole('owner', 'owner', 'member')).thenThrows(errorCodes.conflict, m.ownerRole);
    given(leaders).when(changeRole('owner', 'nobody', 'member')).thenThrows(errorCodes.notFound, notFound(m.memberNotFound));
  });

  it('hands the group to another member, the former owner staying on as a co-leader', () => {
    given(leaders).when(handOver('owner', 'cy')).then([roleChanged('cy', 'owner'), roleChanged('owner', 'co-leader')]);
    given(leaders).when(handOver('owner', 'owner')).thenNothing();
    given(leaders).when(handOver('ann', 'cy')).thenThrows(errorCodes.forbidden, m.ownerOnly);
    given(leaders).when(handOver('owner', 'nobody')).thenThrows(errorCodes.notFound, notFound(m.memberNotFound));
  });

  it('records a member’s meeting rating, and no outsider’s', () => {
    const rate = (userId: string): GroupCommand => ({ type: 'RateMeeting', groupId, userId, weekStart: '2026-03-01', rating: 4 });
    given(leaders).when(rate('cy')).then([
      { type: 'community.group.meeting-rated', subjectId: 'cy', data: { groupId, userId: 'cy', weekStart: '2026-03-01', rating: 4 } },
    ]);
    given(leaders).when(rate('stranger')).thenThrows(errorCodes.forbidden, m.membersOnly);
  });

  describe('in a church', () => {
    const attach = (by: string, churchId: string): GroupCommand => ({ type: 'AttachGroupToChurch', groupId, by, churchId });
    const detach = (by: string, adminOfChurch: string | null = null): GroupCommand => ({ type: 'DetachGroupFromChurch', groupId, by, adminOfChurch });

    it('is put there by its owner, moved from another church, and not put there twice', () => {
      given(leaders).when(attach('owner', 'church-a')).then([attached('church-a')]);
      given([...leaders, attached('church-a')]).when(attach('owner', 'church-b')).then([detached('church-a'), attached('church-b')]);
      given([...leaders, attached('church-a')]).when(attach('owner', 'church-a')).thenNothing();
      given(leaders).when(attach('ann', 'church-a')).thenThrows(errorCodes.forbidden, m.ownerOnly);
    });

    it('is taken out by its owner or an admin of that church, and by no admin of another', () => {
      const inChurch = [...leaders, attached('church-a')];
      given(inChurch).when(detach('owner')).then([detached('church-a')]);
      given(inChurch).when(detach('pastor', 'church-a')).then([detached('church-a', 'pastor')]);
      given(inChurch).when(detach('pastor', 'church-b')).thenThrows(errorCodes.forbidden, m.membersOnly);
      given(leaders).when(detach('owner')).thenNothing();
      given([...founded(), left('owner')]).when(detach('owner')).thenThrows(errorCodes.notFound, notFound(m.group));
    });
  });

  describe('the group an accepted church invitation named', () => {
    const inChurch = (isPublic: boolean) => [...founded(isPublic), attached('church-a')];

    it('joins a public group at once, and asks a private group’s leaders (an admin’s list is not their yes)', () => {
      given(inChurch(true)).when(invite()).then([joined('ann', 'invitation')]);
      given(inChurch(false)).when(invite()).then([requested('ann')]);
    });

    it('does nothing when the group left the church, is in another, closed, or the person is in it or waiting', () => {
      given([...inChurch(true), detached('church-a')]).when(invite()).thenNothing();
      given(inChurch(true)).when(invite('church-b')).thenNothing();
      given([...inChurch(true), left('owner')]).when(invite()).thenNothing();
      given([...inChurch(false), requested('ann')]).when(invite()).thenNothing();
      given([...inChurch(true), joined('ann')]).when(invite()).thenNothing();
    });
  });

  describe('sharing progress with the group (#26)', () => {
    const share = (userId: string, shares: boolean): GroupCommand => ({ type: 'SetSharing', id: groupId, userId, shares });
    const sharingChanged = (userId: string, shares: boolean): NewEvent => ({
      type: 'community.group.member-sharing-changed',
      subjectId: userId,
      data: { groupId, userId, shares },
    });

    it('starts off: turning it on is recorded, turning it off again too, and the same choice twice is nothing', () => {
      given(leaders).when(share('cy', true)).then([sharingChanged('cy', true)]);
      given(leaders).when(share('cy', false)).thenNothing();
      given([...leaders, sharingChanged('cy', true)]).when(share('cy', true)).thenNothing();
      given([...leaders, sharingChanged('cy', true)]).when(share('cy', false)).then([sharingChanged('cy', false)]);
    });

    it('is asked again after leaving and coming back: a new membership does not share', () => {
      given([...leaders, sharingChanged('cy', true), left('cy'), joined('cy')]).when(share('cy', true)).then([sharingChanged('cy', true)]);
    });

    it('is the member’s own: an outsider, or a group that is gone, is refused', () => {
      given(leaders).when(share('stranger', true)).thenThrows(errorCodes.forbidden, m.membersOnly);
      given(founded(false)).when(share('stranger', true)).thenThrows(errorCodes.notFound, notFound(m.group));
      given([]).when(share('cy', true)).thenThrows(errorCodes.notFound, notFound(m.group));
    });
  });

  describe('on account deletion', () => {
    const depart = (userId: string): GroupCommand => ({ type: 'Depart', id: groupId, userId });

    it('hands an owner’s group to the longest-serving co-leader, else the longest member, before removing them', () => {
      given(leaders).when(depart('owner')).then([roleChanged('ann', 'owner', 'system'), removed('owner', 'system')]);
      given([...founded(), joined('cy'), joined('dee')]).when(depart('owner')).then([roleChanged('cy', 'owner', 'system'), removed('owner', 'system')]);
    });

    it('withdraws a waiting request, removes a member, and does nothing for a stranger or an unknown group', () => {
      given([...founded(false), requested('dee')]).when(depart('dee')).then([withdrawn('dee')]);
      given(leaders).when(depart('cy')).then([removed('cy', 'system')]);
      given(leaders).when(depart('stranger')).thenNothing();
      given([]).when(depart('cy')).thenNothing();
    });
  });
});
