import { applyToRoster, emptyRoster, forgetRatingsOf, type GroupRosterEvent, rosterMembers, rosterRequests } from './group-roster';

let version = 0;
// Only the fields the roster reads.
const event = (type: string, data: Record<string, unknown> = {}, occurredAt = '2026-03-04T15:00:00.000Z') =>
  ({ type: `community.group.${type}`, version: ++version, occurredAt, data: { groupId: 'g1', ...data } }) as GroupRosterEvent;
const joined = (userId: string, joinedAt: string, role = 'member') => event('member-joined', { userId, role, joinedAt });

describe('a group’s roster', () => {
  it('lists the current members, longest-serving first, with their roles', () => {
    const roster = emptyRoster();
    applyToRoster(roster, joined('ben', '2026-02-01T00:00:00.000Z'));
    applyToRoster(roster, joined('anna', '2026-01-01T00:00:00.000Z', 'owner'));
    applyToRoster(roster, joined('cleo', '2026-03-01T00:00:00.000Z'));
    applyToRoster(roster, event('member-role-changed', { userId: 'ben', role: 'co-leader' }));
    applyToRoster(roster, event('member-left', { userId: 'cleo' }));

    expect(rosterMembers(roster)).toEqual([
      { userId: 'anna', role: 'owner', joinedAt: '2026-01-01T00:00:00.000Z', shares: false },
      { userId: 'ben', role: 'co-leader', joinedAt: '2026-02-01T00:00:00.000Z', shares: false },
    ]);
  });

  it('keeps each member’s sharing choice with the group, off until they turn it on and again after they come back (#26)', () => {
    const roster = emptyRoster();
    applyToRoster(roster, joined('ben', '2026-02-01T00:00:00.000Z'));
    applyToRoster(roster, joined('anna', '2026-01-01T00:00:00.000Z'));
    applyToRoster(roster, event('member-sharing-changed', { userId: 'ben', shares: true }));
    applyToRoster(roster, event('member-sharing-changed', { userId: 'cleo', shares: true }));
    expect(rosterMembers(roster).map((m) => [m.userId, m.shares])).toEqual([
      ['anna', false],
      ['ben', true],
    ]);

    applyToRoster(roster, event('member-left', { userId: 'ben' }));
    applyToRoster(roster, joined('ben', '2026-03-01T00:00:00.000Z'));
    expect(rosterMembers(roster).find((m) => m.userId === 'ben')?.shares).toBe(false);
  });

  it('ignores an event handed over again, so a replayed join never brings back a member who left', () => {
    const roster = emptyRoster();
    const join = joined('ben', '2026-02-01T00:00:00.000Z');
    applyToRoster(roster, join);
    applyToRoster(roster, event('member-removed', { userId: 'ben', removedBy: 'anna' }));

    expect(applyToRoster(roster, join)).toBe(false);
    expect(rosterMembers(roster)).toEqual([]);
  });

  it('shows pending requests oldest first until they are decided', () => {
    const roster = emptyRoster();
    applyToRoster(roster, event('join-requested', { userId: 'ben', requestId: 'r1' }, '2026-03-02T00:00:00.000Z'));
    applyToRoster(roster, event('join-requested', { userId: 'cleo', requestId: 'r2' }, '2026-03-01T00:00:00.000Z'));
    applyToRoster(roster, event('join-requested', { userId: 'dan', requestId: 'r3' }, '2026-03-03T00:00:00.000Z'));
    applyToRoster(roster, event('join-request-approved', { userId: 'dan', requestId: 'r3' }));

    expect(rosterRequests(roster)).toEqual([
      { id: 'r2', userId: 'cleo', requestedAt: '2026-03-01T00:00:00.000Z' },
      { id: 'r1', userId: 'ben', requestedAt: '2026-03-02T00:00:00.000Z' },
    ]);
  });

  it('keeps one rating per member and week, and forgets a deleted account’s ratings', () => {
    const roster = emptyRoster();
    applyToRoster(roster, event('meeting-rated', { userId: 'ben', weekStart: '2026-03-01', rating: 2 }));
    applyToRoster(roster, event('meeting-rated', { userId: 'ben', weekStart: '2026-03-01', rating: 4 }));
    applyToRoster(roster, event('meeting-rated', { userId: 'anna', weekStart: '2026-03-01', rating: 5 }));
    applyToRoster(roster, event('meeting-rated', { userId: 'cleo', weekStart: '2026-03-01', rating: 1 }));
    expect(Object.values(roster.ratings)).toEqual([4, 5, 1]);

    applyToRoster(roster, event('member-removed', { userId: 'ben', removedBy: 'system' }));
    expect(forgetRatingsOf(roster, 'cleo')).toBe(true);
    // A deleted author's rating replayed from the log stays forgotten.
    applyToRoster(roster, event('meeting-rated', { userId: 'dan', weekStart: '2026-03-01', rating: 1 }), false);
    expect(roster.ratings).toEqual({ 'anna:2026-03-01': 5 });
  });
});
