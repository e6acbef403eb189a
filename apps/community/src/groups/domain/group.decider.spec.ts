import { errorCodes, Refusal } from '@abide/contracts';
import type { NewEvent, StoredEvent } from '@abide/event-store';
import {
  decideChangeRole,
  decideCreate,
  decideAttach,
  decideDeparture,
  decideDetach,
  decideJoin,
  decideJoinByInvitation,
  decideLeave,
  decideRemove,
  decideRequest,
  decideUpdate,
  foldGroup,
  type GroupState,
} from './group.decider';

const now = new Date('2026-03-04T15:00:00Z');
let version = 0;
const stored = (events: NewEvent[]): StoredEvent[] =>
  events.map(
    (e) =>
      ({
        ...e,
        id: `e${++version}`,
        schemaVersion: 1,
        streamId: 'group-g',
        version,
        occurredAt: now.toISOString(),
        correlationId: 'c',
        causationId: null,
      }) as StoredEvent,
  );

/** Folds the history built by `steps`, each deciding on the state so far. */
const history = (...steps: Array<(s: GroupState) => NewEvent[]>): GroupState => {
  const log: StoredEvent[] = [];
  for (const step of steps) log.push(...stored(step(foldGroup(log))));
  return foldGroup(log);
};
const create =
  (isPublic = true) =>
  (s: GroupState) =>
    decideCreate(s, { groupId: 'g', ownerId: 'owner', name: 'G', description: '', isPublic, meeting: null, now });
const join = (userId: string) => (s: GroupState) => decideJoin(s, userId, `r-${userId}`, now);
const denied = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    // The refusal's code, as the problem's status names it.
    return ({ [errorCodes.notFound]: 'not-found', [errorCodes.forbidden]: 'forbidden', [errorCodes.conflict]: 'conflict' } as Record<string, string>)[error.code] ?? error.code;
  }
  return 'allowed';
};

describe('group decider', () => {
  it('returns the owner as first member, and a pending request for a private group', () => {
    const sut = history(create(false), join('ann'));
    expect(sut.members.get('owner')?.role).toBe('owner');
    expect(sut.members.has('ann')).toBe(false);
    expect(sut.pending.get('ann')).toBe('r-ann');
    expect(denied(() => decideJoin(sut, 'ann', 'again', now))).toBe('conflict');
  });

  it('returns not-found to a private group’s outsiders and forbidden to a public group’s', () => {
    expect(denied(() => decideUpdate(history(create(false)), 'stranger', { name: 'X' }))).toBe('not-found');
    expect(denied(() => decideUpdate(history(create(true)), 'stranger', { name: 'X' }))).toBe('forbidden');
    expect(denied(() => decideUpdate(history(create(true), join('ann')), 'ann', { name: 'X' }))).toBe('forbidden');
    expect(decideUpdate(history(create(true)), 'owner', { name: 'G' })).toEqual([]);
  });

  it('returns approval and membership only for a leader deciding a pending request', () => {
    const s = history(create(false), join('ann'), join('ben'));
    expect(denied(() => decideRequest(s, 'ann', 'r-ben', true, now))).toBe('not-found');
    const approved = history(create(false), join('ann'), (st) => decideRequest(st, 'owner', 'r-ann', true, now));
    expect(approved.members.get('ann')?.role).toBe('member');
    expect(approved.pending.size).toBe(0);
  });

  it('refuses the owner leaving others behind, and a co-leader removing another co-leader', () => {
    const s = history(
      create(),
      join('ann'),
      join('ben'),
      (st) => decideChangeRole(st, 'owner', 'ann', 'co-leader'),
      (st) => decideChangeRole(st, 'owner', 'ben', 'co-leader'),
    );
    expect(denied(() => decideLeave(s, 'owner'))).toBe('conflict');
    expect(denied(() => decideRemove(s, 'ann', 'ben'))).toBe('forbidden');
    expect(denied(() => decideRemove(s, 'ann', 'owner'))).toBe('forbidden');
    expect(denied(() => decideChangeRole(s, 'ann', 'ben', 'member'))).toBe('forbidden');
    expect(decideRemove(s, 'owner', 'ben')).toHaveLength(1);
    expect(decideLeave(history(create()), 'owner')).toHaveLength(1);
  });

  it('returns not-found for a group closed by its last member leaving', () => {
    const closed = history(create(), (st) => decideLeave(st, 'owner'));
    expect(denied(() => decideJoin(closed, 'ann', 'r', now))).toBe('not-found');
  });

  it('returns a successor owner before removing a deleted owner', () => {
    const s = history(create(), join('ann'), join('ben'), (st) => decideChangeRole(st, 'owner', 'ben', 'co-leader'));
    const events = decideDeparture(s, 'owner');
    expect(events.map((e) => [e.type, 'userId' in e.data ? e.data.userId : null])).toEqual([
      ['community.group.member-role-changed', 'ben'],
      ['community.group.member-removed', 'owner'],
    ]);
  });

  describe('the group an accepted church invitation named', () => {
    const inChurch = (isPublic: boolean) => history(create(isPublic), (s) => decideAttach(s, 'owner', 'church-a'));
    const accept = (s: GroupState, churchId = 'church-a') => decideJoinByInvitation(s, { userId: 'ann', churchId, requestId: 'r-inv', now });

    it('returns a join request for the leaders when the group is private, never a membership', () => {
      const sut = accept(inChurch(false));

      expect(sut.map((e) => e.type)).toEqual(['community.group.join-requested']);
    });

    it('returns the membership at once when the group is public', () => {
      expect(accept(inChurch(true)).map((e) => e.type)).toEqual(['community.group.member-joined']);
    });

    it('returns nothing when the group left the inviting church, belongs to another, or closed before the acceptance', () => {
      const detached = history(create(true), (s) => decideAttach(s, 'owner', 'church-a'), (s) => decideDetach(s, 'owner', false));
      const closed = history(create(true), (s) => decideAttach(s, 'owner', 'church-a'), (s) => decideLeave(s, 'owner'));

      expect(accept(detached)).toEqual([]);
      expect(accept(inChurch(true), 'church-b')).toEqual([]);
      expect(accept(closed)).toEqual([]);
    });

    it('returns nothing the second time (already waiting for the leaders)', () => {
      const waiting = history(create(false), (s) => decideAttach(s, 'owner', 'church-a'), (s) => accept(s));

      expect(accept(waiting)).toEqual([]);
    });
  });
});
