import { dueNudges, inQuietHours, type NudgeHabit, type NudgeMember } from './due-nudges';

const member = (overrides: Partial<NudgeMember> = {}): NudgeMember => ({
  userId: 'ruth',
  timeZone: 'America/Chicago',
  reminderFrequency: 'daily',
  channels: ['in-app', 'email', 'sms'],
  email: 'ruth@example.test',
  phoneNumber: '+12015550100',
  emailUnsubscribed: false,
  smsOptedIn: true,
  sent: [],
  ...overrides,
});

const habit = (overrides: Partial<NudgeHabit> = {}): NudgeHabit => ({
  habitId: 'h1',
  userId: 'ruth',
  name: 'Morning prayer',
  reminderTime: '08:00',
  isActive: true,
  archived: false,
  frequency: { kind: 'daily' },
  ...overrides,
});

// 2025-03-12 is a Wednesday; Chicago is UTC-5 (CDT) then.
const at = (iso: string) => new Date(iso);

describe(dueNudges.name, () => {
  it('returns the daily reminder at 07:30 in the member’s own zone, not the server’s', () => {
    expect(dueNudges([member()], [], [], at('2025-03-12T12:29:00Z'))).toEqual([]);
    const sut = dueNudges([member()], [], [], at('2025-03-12T12:31:00Z'));
    expect(sut).toHaveLength(1);
    expect(sut[0]).toMatchObject({
      key: 'ruth:daily:2025-03-12',
      slot: 'daily',
      localDate: '2025-03-12',
      channels: ['in-app', 'email', 'sms'],
    });
  });

  it('returns the local date of the member’s zone in the key when UTC is already tomorrow', () => {
    const tokyo = member({ userId: 'hana', timeZone: 'Asia/Tokyo' });
    // 22:35 UTC on the 11th is 07:35 on the 12th in Tokyo.
    expect(dueNudges([tokyo], [], [], at('2025-03-11T22:35:00Z')).map((n) => n.key)).toEqual(['hana:daily:2025-03-12']);
  });

  it('returns the weekly reminder only on Sunday from 18:00 local', () => {
    const weekly = member({ reminderFrequency: 'weekly' });
    expect(dueNudges([weekly], [], [], at('2025-03-15T23:05:00Z'))).toEqual([]); // Saturday 18:05
    expect(dueNudges([weekly], [], [], at('2025-03-16T23:05:00Z')).map((n) => n.slot)).toEqual(['weekly']); // Sunday 18:05
  });

  it('returns nothing when the member chose no reminders and has no habit reminder', () => {
    expect(dueNudges([member({ reminderFrequency: 'none' })], [], [], at('2025-03-12T12:31:00Z'))).toEqual([]);
  });

  it('returns a slot that fell in a skipped hour once the clock jumps past it (spring forward)', () => {
    // 2025-03-09: Chicago jumps from 02:00 to 03:00. A 02:30 habit reminder fires at 03:00 local (08:00Z).
    const sut = dueNudges([member({ reminderFrequency: 'none' })], [habit({ reminderTime: '02:30' })], [], at('2025-03-09T08:00:00Z'), {
      quietHours: { start: '00:00', end: '00:00' },
    });
    expect(sut.map((n) => n.key)).toEqual(['ruth:habit-h1:2025-03-09']);
  });

  it('returns the same key for both passes of a repeated hour (fall back), so it is sent once', () => {
    const options = { quietHours: { start: '00:00', end: '00:00' } };
    const first = dueNudges(
      [member({ reminderFrequency: 'none' })],
      [habit({ reminderTime: '01:15' })],
      [],
      at('2025-11-02T06:20:00Z'),
      options,
    );
    const second = dueNudges(
      [member({ reminderFrequency: 'none' })],
      [habit({ reminderTime: '01:15' })],
      [],
      at('2025-11-02T07:20:00Z'),
      options,
    );
    expect(first.map((n) => n.key)).toEqual(['ruth:habit-h1:2025-11-02']);
    expect(second.map((n) => n.key)).toEqual(first.map((n) => n.key));
  });

  it('returns a daily reminder at 07:30 across the DST change at the same local time', () => {
    expect(dueNudges([member()], [], [], at('2025-03-08T13:31:00Z')).map((n) => n.localDate)).toEqual(['2025-03-08']); // CST
    expect(dueNudges([member()], [], [], at('2025-03-10T12:31:00Z')).map((n) => n.localDate)).toEqual(['2025-03-10']); // CDT
  });

  it('returns nothing inside quiet hours, even for a habit whose time falls there', () => {
    const late = habit({ reminderTime: '21:30' });
    expect(dueNudges([member({ reminderFrequency: 'none' })], [late], [], at('2025-03-13T02:35:00Z'))).toEqual([]); // 21:35 local
    expect(
      dueNudges([member({ reminderFrequency: 'none' })], [late], [], at('2025-03-13T02:35:00Z'), {
        quietHours: { start: '22:00', end: '06:00' },
      }),
    ).toHaveLength(1);
  });

  it('returns at most the daily cap per member, earliest slots first, counting what was already sent today', () => {
    const habits = ['06:00', '06:30', '07:00', '07:10'].map((t, i) => habit({ habitId: `h${i}`, reminderTime: t, name: `H${i}` }));
    const now = at('2025-03-12T12:31:00Z'); // 07:31 local
    const sut = dueNudges([member()], habits, [], now, { quietHours: { start: '23:00', end: '05:00' } });
    expect(sut.map((n) => n.slot)).toEqual(['habit-h0', 'habit-h1', 'habit-h2']);

    const sent = sut.map((n) => ({ key: n.key, localDate: n.localDate }));
    expect(dueNudges([member({ sent })], habits, [], now, { quietHours: { start: '23:00', end: '05:00' } })).toEqual([]);
  });

  it('returns nothing again for a slot already sent', () => {
    const sent = [{ key: 'ruth:daily:2025-03-12', localDate: '2025-03-12' }];
    expect(dueNudges([member({ sent })], [], [], at('2025-03-12T12:45:00Z'))).toEqual([]);
  });

  it('returns no habit reminder for a habit done today, or done this week when it is weekly', () => {
    const now = at('2025-03-12T13:05:00Z'); // Wednesday 08:05 local
    const none = member({ reminderFrequency: 'none' });
    expect(dueNudges([none], [habit()], [{ userId: 'ruth', habitId: 'h1', localDate: '2025-03-12' }], now)).toEqual([]);
    expect(dueNudges([none], [habit()], [{ userId: 'ruth', habitId: 'h1', localDate: '2025-03-11' }], now)).toHaveLength(1);
    const weekly = habit({ frequency: { kind: 'weekly' } });
    expect(dueNudges([none], [weekly], [{ userId: 'ruth', habitId: 'h1', localDate: '2025-03-10' }], now)).toEqual([]);
    expect(dueNudges([none], [weekly], [{ userId: 'ruth', habitId: 'h1', localDate: '2025-03-08' }], now)).toHaveLength(1);
  });

  it('returns no daily reminder on a day the member was already active', () => {
    expect(dueNudges([member()], [], [{ userId: 'ruth', localDate: '2025-03-12' }], at('2025-03-12T12:31:00Z'))).toEqual([]);
  });

  it('returns no reminder for paused or archived habits, or on a weekday the habit skips', () => {
    const none = member({ reminderFrequency: 'none' });
    const now = at('2025-03-12T13:05:00Z'); // Wednesday = 3
    expect(dueNudges([none], [habit({ isActive: false })], [], now)).toEqual([]);
    expect(dueNudges([none], [habit({ archived: true })], [], now)).toEqual([]);
    expect(dueNudges([none], [habit({ frequency: { kind: 'weekdays', days: [1, 5] } })], [], now)).toEqual([]);
    expect(dueNudges([none], [habit({ frequency: { kind: 'weekdays', days: [3] } })], [], now)).toHaveLength(1);
  });

  it('returns nothing for a deleted member, or for another member’s habit', () => {
    expect(dueNudges([member({ deleted: true })], [habit()], [], at('2025-03-12T13:05:00Z'))).toEqual([]);
    expect(dueNudges([member({ reminderFrequency: 'none' })], [habit({ userId: 'naomi' })], [], at('2025-03-12T13:05:00Z'))).toEqual([]);
  });

  it('returns only the channels the member can be reached on', () => {
    const sut = dueNudges([member({ emailUnsubscribed: true, phoneNumber: null })], [], [], at('2025-03-12T12:31:00Z'));
    expect(sut[0].channels).toEqual(['in-app']);
  });

  it('returns no text for a member who has a number and chose SMS but never opted in, or opted out', () => {
    const sut = dueNudges([member({ smsOptedIn: false })], [], [], at('2025-03-12T12:31:00Z'));
    expect(sut[0].channels).toEqual(['in-app', 'email']);
  });

  it('applies the same quiet hours and daily cap to texts as to e-mails: one cap for every channel', () => {
    const textsOnly = member({ channels: ['sms'] });
    const habits = ['06:50', '07:40', '08:00', '08:20'].map((time, i) => habit({ habitId: `h${i}`, reminderTime: time }));
    expect(dueNudges([textsOnly], habits, [], at('2025-03-12T11:55:00Z'))).toEqual([]); // 06:55 local: quiet hours
    const sut = dueNudges([textsOnly], habits, [], at('2025-03-12T13:25:00Z'), { dailyCap: 3 }); // 08:25 local
    expect(sut.map((n) => [n.slot, n.channels])).toEqual([
      ['habit-h0', ['sms']],
      ['daily', ['sms']],
      ['habit-h1', ['sms']],
    ]);
  });

  it('returns nothing for a slot older than the lookback (no replay of the morning at night)', () => {
    expect(dueNudges([member()], [], [], at('2025-03-12T19:00:00Z'))).toEqual([]); // 14:00 local
  });
});

describe(inQuietHours.name, () => {
  it('returns true inside a window that wraps midnight and false outside it', () => {
    const quiet = { start: '21:00', end: '07:00' };
    expect([20 * 60 + 59, 21 * 60, 0, 6 * 60 + 59, 7 * 60].map((m) => inQuietHours(m, quiet))).toEqual([false, true, true, true, false]);
  });
});
