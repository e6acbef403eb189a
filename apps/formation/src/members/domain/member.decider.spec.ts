import { decideChangeSettings, decideDelete, decideJoin, decideOnboard, decideSetRestDays, foldMember } from './member.decider';

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
});
