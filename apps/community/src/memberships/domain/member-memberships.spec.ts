import type { StoredEvent } from '@abide/event-store';
import { membershipFactOf } from './membership';
import { applyMembershipToRoster, type MembershipRoster } from './membership-roster';
import {
  applyToMemberMemberships,
  churchesOf,
  emptyMemberMemberships,
  followRoster,
  type MemberMemberships,
  groupsOf,
  membershipMarks,
  pendingChurchRequests,
  pendingGroupIds,
} from './member-memberships';

// Only the fields My Groups reads.
const event = (type: string, groupId: string, version: number, data: Record<string, unknown> = {}) =>
  ({
    type: `community.group.${type}`,
    streamId: `group-${groupId}`,
    version,
    occurredAt: '2026-03-04T15:00:00.000Z',
    data: { groupId, userId: 'anna', ...data },
  }) as StoredEvent;
const emptyMemberGroups = () => emptyMemberMemberships('group');
const applyToMemberGroups = (doc: MemberMemberships<'group'>, e: StoredEvent) =>
  applyToMemberMemberships('group', doc, membershipFactOf('group', e), e);
const joined = (groupId: string, version: number, joinedAt: string, role = 'member') =>
  event('member-joined', groupId, version, { role, joinedAt });

describe('a member’s groups', () => {
  it('lists the groups they belong to, newest membership first, with their role', () => {
    const doc = emptyMemberGroups();
    applyToMemberGroups(doc, joined('g1', 2, '2026-01-01T00:00:00.000Z', 'owner'));
    applyToMemberGroups(doc, joined('g2', 1, '2026-02-01T00:00:00.000Z'));
    applyToMemberGroups(doc, event('member-role-changed', 'g2', 3, { role: 'co-leader' }));

    expect(groupsOf(doc)).toEqual([
      { groupId: 'g2', role: 'co-leader', joinedAt: '2026-02-01T00:00:00.000Z', shares: false },
      { groupId: 'g1', role: 'owner', joinedAt: '2026-01-01T00:00:00.000Z', shares: false },
    ]);
  });

  it('keeps the member’s own sharing choice per group, off until they turn it on (#26)', () => {
    const doc = emptyMemberGroups();
    applyToMemberGroups(doc, joined('g1', 1, '2026-01-01T00:00:00.000Z'));
    applyToMemberGroups(doc, event('member-sharing-changed', 'g1', 2, { shares: true }));
    applyToMemberGroups(doc, event('member-sharing-changed', 'g1', 2, { shares: false }));
    expect(groupsOf(doc)[0].shares).toBe(true);
  });

  it('drops a group they left or were removed from, and an old join replayed after it does not bring it back', () => {
    const doc = emptyMemberGroups();
    const join = joined('g1', 2, '2026-01-01T00:00:00.000Z');
    applyToMemberGroups(doc, join);
    applyToMemberGroups(doc, joined('g2', 2, '2026-01-02T00:00:00.000Z'));
    applyToMemberGroups(doc, event('member-left', 'g1', 5));
    applyToMemberGroups(doc, event('member-removed', 'g2', 3, { removedBy: 'owner' }));

    expect(applyToMemberGroups(doc, join)).toBe(false);
    expect(groupsOf(doc)).toEqual([]);
  });

  it('keeps versions per group stream, so an event of one group never hides another group’s', () => {
    const doc = emptyMemberGroups();
    applyToMemberGroups(doc, joined('g1', 9, '2026-01-01T00:00:00.000Z'));

    expect(applyToMemberGroups(doc, joined('g2', 1, '2026-01-02T00:00:00.000Z'))).toBe(true);
    expect(groupsOf(doc).map((g) => g.groupId)).toEqual(['g2', 'g1']);
  });

  it('shows a request as pending until it is approved, declined or withdrawn', () => {
    const doc = emptyMemberGroups();
    applyToMemberGroups(doc, event('join-requested', 'g1', 2, { requestId: 'r1' }));
    applyToMemberGroups(doc, event('join-requested', 'g2', 2, { requestId: 'r2' }));
    applyToMemberGroups(doc, event('join-requested', 'g3', 2, { requestId: 'r3' }));
    expect(pendingGroupIds(doc)).toEqual(new Set(['g1', 'g2', 'g3']));

    applyToMemberGroups(doc, event('join-request-approved', 'g1', 3, { requestId: 'r1' }));
    applyToMemberGroups(doc, event('join-request-declined', 'g2', 3, { requestId: 'r2' }));
    applyToMemberGroups(doc, event('join-request-withdrawn', 'g3', 3, { requestId: 'r3' }));
    expect(pendingGroupIds(doc)).toEqual(new Set());
  });
});

describe('a member’s groups copied from a group’s roster', () => {
  /** Random membership events of two members in one group, each member's in an order that makes sense for them. */
  const randomStream = (seed: number): StoredEvent[] => {
    let state = seed;
    const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const events: StoredEvent[] = [];
    const at = (i: number) => `2026-01-${String(1 + (i % 28)).padStart(2, '0')}T00:00:00.000Z`;
    const of = (userId: string, type: string, data: Record<string, unknown> = {}) =>
      event(type, 'g1', events.length + 1, { userId, ...data });
    const status = new Map<string, 'out' | 'waiting' | 'in'>();
    for (let i = 0; i < 40; i++) {
      const userId = random() < 0.5 ? 'anna' : 'ben';
      const now = status.get(userId) ?? 'out';
      const roll = random();
      if (now === 'out') {
        const join = roll < 0.5;
        events.push(join ? of(userId, 'member-joined', { role: 'member', joinedAt: at(i) }) : of(userId, 'join-requested', { requestId: `r${i}` }));
        status.set(userId, join ? 'in' : 'waiting');
      } else if (now === 'waiting') {
        const requestId = [...events].reverse().find((e) => (e.data as { userId: string }).userId === userId && e.type.endsWith('join-requested'))!
          .data as { requestId: string };
        events.push(of(userId, roll < 0.5 ? 'join-request-withdrawn' : 'join-request-declined', { requestId: requestId.requestId }));
        status.set(userId, 'out');
      } else if (roll < 0.3) {
        events.push(of(userId, 'member-sharing-changed', { shares: random() < 0.5 }));
      } else if (roll < 0.6) {
        events.push(of(userId, 'member-role-changed', { role: random() < 0.5 ? 'co-leader' : 'member' }));
      } else {
        events.push(of(userId, roll < 0.8 ? 'member-left' : 'member-removed', { removedBy: 'owner' }));
        status.set(userId, 'out');
      }
    }
    return events;
  };

  it('gives what applying the member’s own events gives, at every version, and never goes back', () => {
    for (let seed = 1; seed <= 25; seed++) {
      const events = randomStream(seed);
      const roster: MembershipRoster = { members: {}, requests: {} };
      const applied = emptyMemberGroups();
      const copied = emptyMemberGroups();
      // Anna's document is given the other member's events too, as the log holds them: her own apply, theirs skip.
      for (const e of events) {
        applyMembershipToRoster(roster, membershipFactOf('group', e)!, e.occurredAt);
        if ((e.data as { userId: string }).userId !== 'anna') continue;
        applyToMemberGroups(applied, e);
        followRoster('group', copied, { id: 'g1', streamId: e.streamId, version: e.version }, 'anna', roster);
        expect({ groups: groupsOf(copied), pending: pendingGroupIds(copied), requests: copied.requests }).toEqual({
          groups: groupsOf(applied),
          pending: pendingGroupIds(applied),
          requests: applied.requests,
        });
      }
      const before = structuredClone(copied);
      expect(followRoster('group', copied, { id: 'g1', streamId: 'group-g1', version: 1 }, 'anna', { members: {}, requests: {} })).toBe(false);
      expect(copied).toEqual(before);
    }
  });
});

describe('a member’s marks for their activity document', () => {
  it('say of every group followed whether they are in it (a member or a requester) and at which version', () => {
    const doc = emptyMemberGroups();
    applyToMemberGroups(doc, joined('g1', 2, '2026-01-01T00:00:00.000Z'));
    applyToMemberGroups(doc, event('join-requested', 'g2', 4, { requestId: 'r2' }));
    applyToMemberGroups(doc, joined('g3', 3, '2026-01-01T00:00:00.000Z'));
    applyToMemberGroups(doc, event('member-left', 'g3', 5));

    expect(membershipMarks('group', doc)).toEqual({
      g1: { in: true, version: 2 },
      g2: { in: true, version: 4 },
      g3: { in: false, version: 5 },
    });
  });

  it('count a church only once the member belongs to it, not while they wait', () => {
    const doc = emptyMemberMemberships('church');
    const e = (type: string, churchId: string, version: number, data: Record<string, unknown> = {}) =>
      ({
        type: `community.church.${type}`,
        streamId: `church-${churchId}`,
        version,
        occurredAt: '2026-03-04T15:00:00.000Z',
        data: { churchId, userId: 'anna', ...data },
      }) as StoredEvent;
    applyToMemberMemberships(
      'church',
      doc,
      membershipFactOf('church', e('member-joined', 'c1', 1, { role: 'member', joinedAt: '2026-01-01T00:00:00.000Z' })),
      e('member-joined', 'c1', 1),
    );
    const requested = e('join-requested', 'c2', 2, { requestId: 'r' });
    applyToMemberMemberships('church', doc, membershipFactOf('church', requested), requested);

    expect(membershipMarks('church', doc)).toEqual({ c1: { in: true, version: 1 }, c2: { in: false, version: 2 } });
  });
});

describe('a member’s churches', () => {
  // The same model read from a church's stream, kept in the church's own field names.
  const churchEvent = (type: string, churchId: string, version: number, data: Record<string, unknown> = {}) =>
    ({
      type: `community.church.${type}`,
      streamId: `church-${churchId}`,
      version,
      occurredAt: `2026-03-0${version}T15:00:00.000Z`,
      data: { churchId, userId: 'anna', ...data },
    }) as StoredEvent;
  const apply = (doc: MemberMemberships<'church'>, e: StoredEvent) =>
    applyToMemberMemberships('church', doc, membershipFactOf('church', e), e);

  it('lists the churches they belong to oldest first, and their requests still waiting', () => {
    const doc = emptyMemberMemberships('church');
    apply(doc, churchEvent('member-joined', 'c2', 1, { role: 'member', joinedAt: '2026-02-01T00:00:00.000Z' }));
    apply(doc, churchEvent('member-joined', 'c1', 1, { role: 'admin', joinedAt: '2026-01-01T00:00:00.000Z' }));
    apply(doc, churchEvent('member-sharing-changed', 'c2', 2, { shares: true }));
    apply(doc, churchEvent('join-requested', 'c3', 3, { requestId: 'r3' }));
    apply(doc, churchEvent('join-requested', 'c4', 2, { requestId: 'r4' }));

    expect(churchesOf(doc)).toEqual([
      { churchId: 'c1', role: 'admin', joinedAt: '2026-01-01T00:00:00.000Z', shares: false },
      { churchId: 'c2', role: 'member', joinedAt: '2026-02-01T00:00:00.000Z', shares: true },
    ]);
    expect(pendingChurchRequests(doc)).toEqual([
      { churchId: 'c4', requestedAt: '2026-03-02T15:00:00.000Z' },
      { churchId: 'c3', requestedAt: '2026-03-03T15:00:00.000Z' },
    ]);
    // The stored shape is the one the documents had before both kinds shared this model.
    expect(Object.keys(doc).sort()).toEqual(['churches', 'requests', 'versions']);
    expect(doc.requests.r3).toEqual({ churchId: 'c3', requestedAt: '2026-03-03T15:00:00.000Z' });
  });
});
