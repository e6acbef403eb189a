import { assembleDashboard, breakdownMembers, type DashboardInput, type GroupInput } from './church-dashboard';
import { applyMembership, type ChurchWeekFigures, emptyChurchSharing } from './church-figures';

const week = (members: ChurchWeekFigures['members']): ChurchWeekFigures => ({ members });
const did = (checkIns: number, planActivities = 0, journalDays = 0) => ({ checkIns, planActivities, journalDays });

/** A church of five: four share (anna, ben, cara, dan), one does not (quiet). */
const church = () => {
  const sharing = emptyChurchSharing();
  ['anna', 'ben', 'cara', 'dan', 'quiet'].forEach((userId, i) => {
    applyMembership(sharing, userId, 2 * i + 1, { type: 'joined' });
    if (userId !== 'quiet') applyMembership(sharing, userId, 2 * i + 2, { type: 'sharing', shares: true });
  });
  return { memberIds: new Set(Object.keys(sharing.members)), sharing };
};

const group = (id: string, memberIds: string[], ratings: Record<string, number> = {}): GroupInput => ({
  id,
  name: `Group ${id}`,
  memberIds,
  weeklyProgress: { completed: 3, expected: 14 },
  ratings,
});

const input = (overrides: Partial<DashboardInput> = {}): DashboardInput => ({
  church: { id: 'c1', name: 'St. Mark’s', slug: 'st-marks', timeZone: 'Europe/London' },
  weekStart: '2026-03-01',
  ...church(),
  weeks: new Map(),
  groups: [],
  names: new Map([
    ['anna', 'Anna'],
    ['ben', 'Ben'],
    ['cara', 'Cara'],
  ]),
  ...overrides,
});

describe('the pastor’s dashboard figures', () => {
  it('counts every member in members, and only sharing members in the activity figures', () => {
    const d = assembleDashboard(
      input({
        weeks: new Map([
          ['2026-03-01', week({ anna: did(2, 1, 1), quiet: did(5, 5, 5) })],
          ['2026-02-22', week({ ben: did(1), cara: did(0, 2) })],
          ['2026-01-04', week({ dan: did(0, 0, 3) })],
        ]),
      }),
    );

    expect(d).toMatchObject({ members: 5, sharingMembers: 4, activeThisWeek: 1, activeLast8Weeks: 3, weekStart: '2026-03-01' });
    expect(d.weeks).toHaveLength(9);
    expect(d.weeks.at(-1)).toEqual({ weekStart: '2026-03-01', activeMembers: 1, checkIns: 2, planActivities: 1, journalDays: 1 });
    expect(d.weeks.at(-2)).toEqual({ weekStart: '2026-02-22', activeMembers: 2, checkIns: 1, planActivities: 2, journalDays: 0 });
    expect(d.weeks[0]).toEqual({ weekStart: '2026-01-04', activeMembers: 1, checkIns: 0, planActivities: 0, journalDays: 3 });
    expect(d.weeks[1]).toEqual({ weekStart: '2026-01-11', activeMembers: 0, checkIns: 0, planActivities: 0, journalDays: 0 });
  });

  it('never counts a former member or one who stopped sharing, even where a kept week still lists them', () => {
    const { memberIds, sharing } = church();
    sharing.members.anna = false;
    memberIds.delete('ben');

    const d = assembleDashboard(
      input({ memberIds, sharing, weeks: new Map([['2026-03-01', week({ anna: did(1), ben: did(1), cara: did(1) })]]) }),
    );

    expect(d).toMatchObject({ members: 4, sharingMembers: 2, activeThisWeek: 1 });
    expect(d.weeks.at(-1)).toMatchObject({ activeMembers: 1, checkIns: 1 });
  });
});

describe('group health', () => {
  it('shows a group member by member from 3 sharing church members, and only its totals below that', () => {
    const weeks = new Map([['2026-03-01', week({ anna: did(2), ben: did(0, 1) })]]);
    const three = group('three', ['anna', 'ben', 'cara', 'quiet', 'visitor']);
    const two = group('two', ['anna', 'ben', 'quiet']);

    const d = assembleDashboard(input({ weeks, groups: [two, three] }));

    const [shown, totalsOnly] = [d.groups.find((g) => g.id === 'three')!, d.groups.find((g) => g.id === 'two')!];
    expect(shown).toMatchObject({ memberCount: 5, sharingMembers: 3, weeklyProgress: { completed: 3, expected: 14 } });
    expect(shown.members).toEqual([
      { userId: 'anna', name: 'Anna', checkIns: 2, planActivities: 0, journalDays: 0 },
      { userId: 'ben', name: 'Ben', checkIns: 0, planActivities: 1, journalDays: 0 },
      { userId: 'cara', name: 'Cara', checkIns: 0, planActivities: 0, journalDays: 0 },
    ]);
    expect(totalsOnly).toMatchObject({ memberCount: 3, sharingMembers: 2, members: null });
    expect(d.groups.map((g) => g.name)).toEqual(['Group three', 'Group two']);
  });

  it('names only the members of groups shown one by one', () => {
    const { memberIds, sharing } = church();
    expect(breakdownMembers({ memberIds, sharing }, group('g', ['anna', 'quiet', 'ben', 'dan']))).toEqual(['anna', 'ben', 'dan']);
    expect(breakdownMembers({ memberIds, sharing }, group('g', ['anna', 'quiet', 'ben', 'outsider']))).toBeNull();
  });

  it('averages the meeting ratings of the weeks shown', () => {
    const rated = group('g', ['anna'], { 'anna:2026-03-01': 5, 'ben:2026-02-22': 4, 'cara:2026-01-04': 2, 'anna:2025-12-28': 1 });

    const [health] = assembleDashboard(input({ groups: [rated, group('none', ['ben'])] })).groups;

    expect(health.ratings).toEqual({ average: 3.67, count: 3 });
    expect(assembleDashboard(input({ groups: [group('none', ['ben'])] })).groups[0].ratings).toEqual({ average: null, count: 0 });
  });
});
