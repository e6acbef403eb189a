import type { ChurchDashboard } from '@abide/contracts';
import { dashboardCsv, dashboardCsvName } from './dashboard-csv';

const dashboard: ChurchDashboard = {
  church: { id: 'c1', name: 'St. Mark’s', slug: 'st-marks', timeZone: 'Europe/London' },
  weekStart: '2026-03-01',
  members: 5,
  sharingMembers: 4,
  activeThisWeek: 2,
  activeLast8Weeks: 3,
  weeks: [
    { weekStart: '2026-02-22', activeMembers: 3, checkIns: 10, planActivities: 4, journalDays: 2 },
    { weekStart: '2026-03-01', activeMembers: 2, checkIns: 3, planActivities: 0, journalDays: 1 },
  ],
  groups: [
    {
      id: 'g1',
      name: '=HYPERLINK("http://evil")',
      memberCount: 4,
      sharingMembers: 3,
      weeklyProgress: { completed: 3, expected: 14 },
      ratings: { average: 4.5, count: 2 },
      members: [{ userId: 'u1', name: 'Anna', checkIns: 3, planActivities: 0, journalDays: 0 }],
    },
    {
      id: 'g2',
      name: 'Tuesday, Night',
      memberCount: 2,
      sharingMembers: 1,
      weeklyProgress: { completed: 0, expected: 7 },
      ratings: { average: null, count: 0 },
      members: null,
    },
  ],
};

describe('the dashboard as CSV', () => {
  it('writes the weekly figures with a header row and CRLF line ends', () => {
    expect(dashboardCsv(dashboard, 'weeks')).toBe(
      'Week starting,Active members,Habit check-ins,Plan activities,Journaling days\r\n2026-02-22,3,10,4,2\r\n2026-03-01,2,3,0,1\r\n',
    );
  });

  it('writes group health as totals only, quoting commas and defusing what a spreadsheet would run as a formula', () => {
    const lines = dashboardCsv(dashboard, 'groups').trimEnd().split('\r\n');

    expect(lines).toEqual([
      'Group,Members,Church members sharing progress,Check-ins this week,Check-ins expected this week,Average meeting rating,Meeting ratings',
      `"'=HYPERLINK(""http://evil"")",4,3,3,14,4.5,2`,
      '"Tuesday, Night",2,1,0,7,,0',
    ]);
    expect(dashboardCsv(dashboard, 'groups')).not.toContain('Anna');
  });

  it('names the file after the church, the table and the week', () => {
    expect(dashboardCsvName(dashboard, 'weeks')).toBe('st-marks-weekly-figures-2026-03-01.csv');
    expect(dashboardCsvName(dashboard, 'groups')).toBe('st-marks-group-health-2026-03-01.csv');
  });
});
