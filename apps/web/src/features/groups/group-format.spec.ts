import { joinResultSchema } from '@abide/contracts';
import {
  barHeights,
  clockTime,
  discoverCountText,
  joinActionFor,
  meetingLink,
  meetingWhen,
  memberCountText,
  timeAgo,
  weeklyProgressOf,
} from './group-format';

describe(memberCountText.name, () => {
  it('returns the singular for one member and the plural otherwise', () => {
    expect(memberCountText(1)).toBe('1 member');
    expect(memberCountText(0)).toBe('0 members');
    expect(memberCountText(12)).toBe('12 members');
  });
});

describe(weeklyProgressOf.name, () => {
  it('returns completed/expected and the rounded share as the bar', () => {
    expect(weeklyProgressOf({ completed: 2, expected: 3 })).toEqual({ text: '2/3', percent: 67 });
  });

  it('returns an empty bar when nothing is expected this week', () => {
    expect(weeklyProgressOf({ completed: 0, expected: 0 })).toEqual({ text: '0/0', percent: 0 });
  });

  it('returns a full bar, never more, when members did more than expected', () => {
    expect(weeklyProgressOf({ completed: 9, expected: 7 })).toEqual({ text: '9/7', percent: 100 });
  });
});

describe(meetingWhen.name, () => {
  it('returns the day and a 12-hour time', () => {
    expect(meetingWhen({ day: 'wednesday', time: '19:30', location: null })).toBe('Wednesdays at 7:30 PM');
  });

  it('returns only what is set', () => {
    expect(meetingWhen({ day: 'sunday', time: null, location: 'Hall' })).toBe('Sundays');
    expect(meetingWhen({ day: null, time: '07:05', location: null })).toBe('At 7:05 AM');
  });

  it('returns null when neither day nor time is set', () => {
    expect(meetingWhen(null)).toBeNull();
    expect(meetingWhen({ day: null, time: null, location: 'Room 4' })).toBeNull();
  });
});

describe(clockTime.name, () => {
  it('returns 12 for noon and midnight', () => {
    expect(clockTime('00:00')).toBe('12:00 AM');
    expect(clockTime('12:15')).toBe('12:15 PM');
  });
});

describe(meetingLink.name, () => {
  it('returns the address when the place is a web link', () => {
    expect(meetingLink(' https://meet.example.org/abc ')).toBe('https://meet.example.org/abc');
  });

  it('makes a link of an address pasted without its scheme', () => {
    expect(meetingLink('zoom.us/j/98765432100?pwd=abc')).toBe('https://zoom.us/j/98765432100?pwd=abc');
    expect(meetingLink('meet.google.com/abc-defg-hij')).toBe('https://meet.google.com/abc-defg-hij');
    expect(meetingLink('www.example.org')).toBe('https://www.example.org/');
  });

  it('returns null for a physical place or a non-web scheme', () => {
    expect(meetingLink('Fellowship Hall, room 2')).toBeNull();
    expect(meetingLink('Room 2.5')).toBeNull();
    expect(meetingLink('St. Mark')).toBeNull();
    expect(meetingLink('ftp://files.example.org')).toBeNull();
    expect(meetingLink('javascript:alert(1)')).toBeNull();
    expect(meetingLink(null)).toBeNull();
  });
});

describe(joinActionFor.name, () => {
  it('returns Open for every kind of member', () => {
    for (const status of ['owner', 'co-leader', 'member'] as const) expect(joinActionFor(status)).toEqual({ kind: 'open' });
  });

  it('returns Request to Join for outsiders and Request sent while a request waits', () => {
    expect(joinActionFor('none')).toEqual({ kind: 'join', label: 'Request to Join' });
    expect(joinActionFor('pending')).toEqual({ kind: 'pending', label: 'Request sent' });
  });

  it('covers every status the API can send', () => {
    const statuses = joinResultSchema.shape.group.shape.myStatus.options;
    for (const status of statuses) expect(joinActionFor(status).kind).toMatch(/^(open|join|pending)$/);
  });
});

describe(timeAgo.name, () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('returns minutes, hours and days ago', () => {
    expect(timeAgo('2026-11-22T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-11-22T11:59:00Z', now)).toBe('1 minute ago');
    expect(timeAgo('2026-11-22T09:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo('2026-11-20T12:00:00Z', now)).toBe('2 days ago');
  });
});

describe(barHeights.name, () => {
  it('returns heights scaled to the busiest week', () => {
    expect(barHeights([0, 5, 10, 2])).toEqual([0, 50, 100, 20]);
  });

  it('returns all zeros when nothing happened', () => {
    expect(barHeights([0, 0, 0])).toEqual([0, 0, 0]);
  });
});

describe(discoverCountText.name, () => {
  it('returns the number of groups when browsing all', () => {
    expect(discoverCountText(0, '')).toBe('No groups to discover yet.');
    expect(discoverCountText(1, '')).toBe('1 group');
    expect(discoverCountText(14, '')).toBe('14 groups');
  });

  it('returns how many groups match a search, in agreement with the count', () => {
    expect(discoverCountText(0, 'psalms')).toBe('No groups match “psalms”.');
    expect(discoverCountText(1, 'psalms')).toBe('1 group matches “psalms”');
    expect(discoverCountText(2, 'psalms')).toBe('2 groups match “psalms”');
  });
});
