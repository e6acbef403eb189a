import type { AccountSettings } from './settingsApi';
import { smsStatusText } from './sms-status-text';

const sms = (status: Partial<AccountSettings['sms']>): AccountSettings['sms'] => ({
  state: 'off',
  since: null,
  verified: false,
  startTo: '+15005550006',
  endedBy: null,
  ...status,
});

describe(smsStatusText.name, () => {
  it('returns why texts stopped and what to do when an opt-in at a number never proved was ended', () => {
    expect(smsStatusText(sms({ endedBy: 'number-not-verified' }))).toBe(
      'Text messages are off: we now text only numbers proved to be yours. Verify your number to receive texts again.',
    );
  });

  it('returns plain "off" once the member has proved the number since', () => {
    expect(smsStatusText(sms({ endedBy: 'number-not-verified', verified: true }))).toBe('Text messages are off.');
  });

  it('returns plain "off" when the member turned texts off themselves', () => {
    expect(smsStatusText(sms({ endedBy: 'settings', verified: true }))).toBe('Text messages are off.');
  });

  it('returns where to text START when the number replied STOP', () => {
    expect(smsStatusText(sms({ state: 'stopped', since: '2026-11-01T10:00:00Z', verified: true }))).toBe(
      'This number replied STOP; text START to +15005550006 to receive texts again.',
    );
  });

  it('returns the day of the opt-in when texts are on', () => {
    expect(smsStatusText(sms({ state: 'on', since: '2026-11-01T10:00:00Z', verified: true }))).toBe(
      'Text messages are on, since you opted in on November 1, 2026.',
    );
  });
});
