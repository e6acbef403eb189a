import {
  decideChangeContact,
  decideChangeSettings,
  decideDelete,
  decideJoin,
  decideOnboard,
  decideSetRestDays,
  decideSmsOptIn,
  decideSmsOptOut,
  decideUnsubscribeEmail,
  foldMember,
} from './member.decider';

const onboarding = {
  userId: 'u1',
  spiritualGoals: ['Deeper prayer life'],
  connectionPreferences: ['prayer'],
  reminderFrequency: 'daily',
  phoneNumber: null,
  timeZone: 'Europe/London',
};

describe('member decider', () => {
  it('returns a joined event only the first time', () => {
    const sut = decideJoin(foldMember([]), { userId: 'u1', joinedAt: '2026-01-01T00:00:00Z' });
    expect(sut.map((e) => e.type)).toEqual(['formation.member.joined']);
    expect(decideJoin(foldMember(sut), { userId: 'u1', joinedAt: '2026-01-01T00:00:00Z' })).toEqual([]);
  });

  it('returns nothing when the same onboarding answers arrive twice', () => {
    const first = decideOnboard(foldMember([]), onboarding);
    expect(first).toHaveLength(1);
    expect(decideOnboard(foldMember(first), onboarding)).toEqual([]);
    expect(foldMember(first)).toMatchObject({ onboarded: true, timeZone: 'Europe/London', connectionPreferences: ['prayer'] });
  });

  it('returns only the changed settings', () => {
    const history = decideOnboard(foldMember([]), onboarding);
    const sut = decideChangeSettings(foldMember(history), { userId: 'u1', timeZone: 'Europe/London', reminderFrequency: 'weekly' });
    expect(sut[0].data).toEqual({ userId: 'u1', reminderFrequency: 'weekly' });
    expect(decideChangeSettings(foldMember(history), { userId: 'u1', timeZone: 'Europe/London' })).toEqual([]);
  });

  it('returns rest days sorted and without repeats, and nothing when unchanged', () => {
    const sut = decideSetRestDays(foldMember([]), { userId: 'u1', weekdays: [6, 0, 6] });
    expect(sut[0].data).toEqual({ userId: 'u1', weekdays: [0, 6] });
    expect(decideSetRestDays(foldMember(sut), { userId: 'u1', weekdays: [0, 6] })).toEqual([]);
  });

  it('returns nothing for a deleted member, whatever arrives late', () => {
    const deleted = foldMember(decideDelete(foldMember([]), { userId: 'u1', deletedAt: '2026-01-01T00:00:00Z' }));
    expect(decideOnboard(deleted, onboarding)).toEqual([]);
    expect(decideSetRestDays(deleted, { userId: 'u1', weekdays: [0] })).toEqual([]);
  });

  it('records a new name and keeps the e-mail it knew, and nothing when the contact is unchanged', () => {
    const registered = decideChangeContact(foldMember([]), { userId: 'u1', name: 'Ruth', email: 'ruth@example.org' });
    const renamed = decideChangeContact(foldMember(registered), { userId: 'u1', name: 'Ruth Moab' });
    expect(renamed[0].data).toEqual({ userId: 'u1', name: 'Ruth Moab', email: 'ruth@example.org' });
    expect(decideChangeContact(foldMember([...registered, ...renamed]), { userId: 'u1', name: 'Ruth Moab' })).toEqual([]);
  });

  it('turns e-mail reminders off once, and back on only when the member chooses e-mail again in settings', () => {
    const joined = decideJoin(foldMember([]), { userId: 'u1', joinedAt: '2026-01-01T00:00:00Z' });
    const off = decideUnsubscribeEmail(foldMember(joined), { userId: 'u1', unsubscribedAt: '2026-01-02T00:00:00Z' });
    expect(off.map((e) => e.type)).toEqual(['formation.member.email-unsubscribed']);
    expect(decideUnsubscribeEmail(foldMember([...joined, ...off]), { userId: 'u1', unsubscribedAt: '2026-01-03T00:00:00Z' })).toEqual([]);

    const smsOnly = decideChangeSettings(foldMember([...joined, ...off]), { userId: 'u1', channels: ['in-app', 'sms'] });
    expect(foldMember([...joined, ...off, ...smsOnly]).emailUnsubscribed).toBe(true);
    const emailAgain = decideChangeSettings(foldMember([...joined, ...off, ...smsOnly]), { userId: 'u1', channels: ['in-app', 'email'] });
    expect(foldMember([...joined, ...off, ...smsOnly, ...emailAgain]).emailUnsubscribed).toBe(false);
  });

  it('ignores an unsubscribe link of a member it never knew or who deleted their account', () => {
    expect(decideUnsubscribeEmail(foldMember([]), { userId: 'u1', unsubscribedAt: '2026-01-02T00:00:00Z' })).toEqual([]);
    const deleted = foldMember(decideDelete(foldMember([]), { userId: 'u1', deletedAt: '2026-01-01T00:00:00Z' }));
    expect(decideUnsubscribeEmail(deleted, { userId: 'u1', unsubscribedAt: '2026-01-02T00:00:00Z' })).toEqual([]);
    expect(decideChangeContact(deleted, { userId: 'u1', name: 'Ruth' })).toEqual([]);
  });

  it('keeps texts on from an opt-in until the opt-out of that number, each mirrored once', () => {
    const joined = decideJoin(foldMember([]), { userId: 'u1', joinedAt: '2026-01-01T00:00:00Z' });
    const optIn = { userId: 'u1', phoneNumber: '+12015550123', optedInAt: '2026-01-02T00:00:00Z', source: 'onboarding' } as const;
    const on = decideSmsOptIn(foldMember(joined), optIn);
    expect(foldMember([...joined, ...on])).toMatchObject({ smsOptedInNumber: '+12015550123', channels: ['in-app', 'email', 'sms'] });
    expect(decideSmsOptIn(foldMember([...joined, ...on]), optIn)).toEqual([]);

    const optOut = { userId: 'u1', phoneNumber: '+12015550123', optedOutAt: '2026-01-03T00:00:00Z', source: 'reply' } as const;
    expect(decideSmsOptOut(foldMember([...joined, ...on]), { ...optOut, phoneNumber: '+12015550999' })).toEqual([]);
    const off = decideSmsOptOut(foldMember([...joined, ...on]), optOut);
    expect(foldMember([...joined, ...on, ...off])).toMatchObject({ smsOptedInNumber: null, channels: ['in-app', 'email'] });
    expect(decideSmsOptOut(foldMember([...joined, ...on, ...off]), optOut)).toEqual([]);
  });
});
