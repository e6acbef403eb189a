import { nudgeText } from './nudge-text';

describe(nudgeText.name, () => {
  it('returns the reminder with our name and how to stop, in one 160-character part of plain characters', () => {
    const sut = nudgeText({
      title: 'Time for Morning prayer',
      body: 'A gentle reminder for your habit “Morning prayer”. Check in when it is done.',
    });

    expect(sut).toBe(
      'Abide: Time for Morning prayer. A gentle reminder for your habit "Morning prayer". Check in when it is done. Reply STOP to opt out.',
    );
    expect(sut.length).toBeLessThanOrEqual(160);
  });
});
