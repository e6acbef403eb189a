import {
  DEFAULT_NOTIFICATION_CHANNELS,
  type SettingsResponse,
  type SmsOptOutSource,
  smsOptOutSources,
} from '@abide/contracts';
import type { UserView } from '../accounts/accounts.port';
import type { NumberStatus } from '../sms/sms.port';

const isOptOutSource = (source: string | null | undefined): source is SmsOptOutSource =>
  (smsOptOutSources as readonly unknown[]).includes(source);

/** A STOP from the number wins over any account's opt-in: it is the number's owner speaking. */
const smsStatusOf = (view: UserView, number: NumberStatus): SettingsResponse['sms'] => {
  const facts = { verified: number.verified, startTo: number.startTo };
  if (number.stoppedAt) return { state: 'stopped', since: number.stoppedAt.toISOString(), ...facts, endedBy: null };
  if (view.smsOptedInAt) return { state: 'on', since: view.smsOptedInAt.toISOString(), ...facts, endedBy: null };
  return { state: 'off', since: null, ...facts, endedBy: isOptOutSource(view.smsOptOutSource) ? view.smsOptOutSource : null };
};

/** `sms` is among the channels exactly when the member's opt-in stands, whatever older settings recorded. */
export const toSettingsResponse = (view: UserView, number: NumberStatus): SettingsResponse => {
  const sms = smsStatusOf(view, number);
  const channels = (view.channels ?? DEFAULT_NOTIFICATION_CHANNELS).filter((c) => c !== 'sms');
  return {
    name: view.name,
    email: view.email,
    emailConfirmed: view.emailConfirmed,
    timeZone: view.timeZone,
    reminderFrequency: view.reminderFrequency,
    phoneNumber: view.phoneNumber ?? '',
    channels: (sms.state === 'on' ? [...channels, 'sms'] : channels) as SettingsResponse['channels'],
    // Off until the member turns it on (#26): a view written before the field existed has none.
    shareProgressWithGroups: view.shareProgressWithGroups === true,
    sms,
  };
};
