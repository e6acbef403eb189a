import type { ChurchDashboard } from '@abide/contracts';
import { chartRows, memberWeekText, membersText, ofSharing, progressText, ratingsText, trendSummary, weekLabel } from './church-dashboard-format';

const week = (weekStart: string, activeMembers: number, checkIns = 0, planActivities = 0, journalDays = 0) => ({
  weekStart,
  activeMembers,
  checkIns,
  planActivities,
  journalDays,
});

describe('the pastor’s dashboard in words', () => {
  it('labels a week by its Sunday, whatever the reader’s zone', () => {
    expect(weekLabel('2026-03-01')).toBe('Mar 1');
    expect(chartRows([week('2026-02-22', 2)])).toEqual([{ ...week('2026-02-22', 2), label: 'Feb 22' }]);
  });

  it('reads every week’s figures out for screen readers, the last as this week so far', () => {
    expect(trendSummary([week('2026-02-22', 2, 10, 1, 3), week('2026-03-01', 1, 1)])).toBe(
      'week of Feb 22: 2 active, 10 check-ins, 1 plan activity, 3 journaling days; this week so far: 1 active, 1 check-in, 0 plan activities, 0 journaling days',
    );
  });

  it('says how many members share, or that none do yet', () => {
    const of = (sharingMembers: number) => ofSharing({ sharingMembers } as ChurchDashboard);
    expect(of(3)).toBe('of 3 members sharing progress');
    expect(of(1)).toBe('of 1 member sharing progress');
    expect(of(0)).toBe('No members share their progress yet');
  });

  it('writes a group’s progress and ratings, saying so when there are none', () => {
    expect(progressText({ completed: 3, expected: 14 })).toBe('3/14 (21%)');
    expect(progressText({ completed: 9, expected: 7 })).toBe('9/7 (100%)');
    expect(progressText({ completed: 0, expected: 0 })).toBe('No habits to check in');
    expect(ratingsText({ average: 4.5, count: 2 })).toBe('4.5 from 2 ratings');
    expect(ratingsText({ average: null, count: 0 })).toBe('No ratings');
  });

  it('writes a group’s members and a member’s week in words, for the narrow layout', () => {
    expect(membersText({ memberCount: 4, sharingMembers: 3 })).toBe('4 (3 sharing)');
    expect(memberWeekText({ checkIns: 3, planActivities: 1, journalDays: 0 })).toBe('3 check-ins · 1 plan activity · 0 journaling days');
    expect(memberWeekText({ checkIns: 1, planActivities: 2, journalDays: 1 })).toBe('1 check-in · 2 plan activities · 1 journaling day');
  });
});
