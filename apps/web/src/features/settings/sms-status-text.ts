import type { AccountSettings } from './settingsApi';

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/**
 * Where texts stand, in words: on since the opt-in, stopped by the number's STOP reply (until it texts START), ended
 * because the number was never proved (an opt-in from before numbers had to be), or off.
 */
export function smsStatusText(sms: AccountSettings['sms']): string {
  const since = sms.since ? longDate.format(new Date(sms.since)) : null;
  if (sms.state === 'on') return since ? `Text messages are on, since you opted in on ${since}.` : 'Text messages are on.';
  if (sms.state === 'stopped') return `This number replied STOP; text START to ${sms.startTo} to receive texts again.`;
  if (sms.endedBy === 'number-not-verified' && !sms.verified) {
    return 'Text messages are off: we now text only numbers proved to be yours. Verify your number to receive texts again.';
  }
  return 'Text messages are off.';
}
