import type { ChurchDashboard, ChurchDashboardTable } from '@abide/contracts';
import { stringify } from 'csv-stringify/sync';

/**
 * The dashboard's tables as CSV for a spreadsheet: a header row a person reads, CRLF line ends (RFC 4180), and cells
 * that a spreadsheet would take for a formula (a group named "=…") escaped. Aggregates only: the per-member rows stay
 * on the screen, a file travels further than the page.
 */
const tables = {
  weeks: {
    columns: ['Week starting', 'Active members', 'Habit check-ins', 'Plan activities', 'Journaling days'],
    rows: (d: ChurchDashboard) => d.weeks.map((w) => [w.weekStart, w.activeMembers, w.checkIns, w.planActivities, w.journalDays]),
  },
  groups: {
    columns: [
      'Group',
      'Members',
      'Church members sharing progress',
      'Check-ins this week',
      'Check-ins expected this week',
      'Average meeting rating',
      'Meeting ratings',
    ],
    rows: (d: ChurchDashboard) =>
      d.groups.map((g) => [
        g.name,
        g.memberCount,
        g.sharingMembers,
        g.weeklyProgress.completed,
        g.weeklyProgress.expected,
        g.ratings.average ?? '',
        g.ratings.count,
      ]),
  },
} satisfies Record<ChurchDashboardTable, { columns: string[]; rows: (d: ChurchDashboard) => Array<Array<string | number>> }>;

export const dashboardCsv = (dashboard: ChurchDashboard, table: ChurchDashboardTable): string =>
  stringify(tables[table].rows(dashboard), {
    header: true,
    columns: tables[table].columns,
    record_delimiter: 'windows',
    escape_formulas: true,
  });

/** `st-marks-weekly-figures-2026-03-01.csv`: the church's address, the table and this week's Sunday. */
export const dashboardCsvName = (dashboard: ChurchDashboard, table: ChurchDashboardTable): string =>
  `${dashboard.church.slug}-${table === 'weeks' ? 'weekly-figures' : 'group-health'}-${dashboard.weekStart}.csv`;
