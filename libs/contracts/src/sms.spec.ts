import { smsConsentText } from './sms';

const schedule = {
  dailyReminderTime: '07:30',
  weeklyReminder: { weekday: 0, time: '18:00' },
  quietHours: { start: '21:00', end: '07:00' },
  dailyCap: 3,
};

describe(smsConsentText.name, () => {
  it('says which reminders, how many at most, when never, how to stop and that rates may apply', () => {
    expect(smsConsentText(schedule, 'daily')).toBe(
      'Text me Abide reminders at this number: the daily reminder at 07:30 (not on days I have already been active) and the ' +
        'reminders I set on my habits, at most 3 texts a day, none between 21:00 and 07:00 my time. Reply STOP to opt out, ' +
        'START to opt back in. Message and data rates may apply.',
    );
  });

  it('names the weekly reminder, or only the habits, as the member chose, with the configured cap and hours', () => {
    expect(smsConsentText(schedule, 'weekly')).toContain('the weekly reminder on Sundays at 18:00 and the reminders I set on my habits');
    const sut = smsConsentText({ ...schedule, dailyCap: 1, quietHours: { start: '22:00', end: '06:30' } }, 'none');
    expect(sut).toContain('at this number: the reminders I set on my habits, at most 1 text a day, none between 22:00 and 06:30');
  });
});
