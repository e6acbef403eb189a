import { z } from 'zod';

/** Where a member's choice about text messages came from (docs/architecture.md, "Text messages"). */
export const smsOptInSources = ['onboarding', 'settings', 'reply'] as const;
/** `number-changed`: the consent was for a number the member has since replaced without opting in again. */
export const smsOptOutSourcesV1 = ['onboarding', 'settings', 'reply', 'number-changed'] as const;
/**
 * `number-not-verified` (opt-out events v2): the opt-in was made before numbers had to be proved, and its number never
 * was; ended once by identity's start-up migration, until the member proves the number and opts in again.
 */
export const smsOptOutSources = [...smsOptOutSourcesV1, 'number-not-verified'] as const;
export type SmsOptInSource = (typeof smsOptInSources)[number];
export type SmsOptOutSource = (typeof smsOptOutSources)[number];

/** E.164: a plus, the country code and the national number, 8 to 15 digits in all. */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;
export const e164PhoneNumber = z.string().regex(E164_PATTERN, 'An E.164 phone number, e.g. +12015550123');

/**
 * A text in plain characters: curly quotes and long dashes made straight. Characters outside the GSM 7-bit alphabet
 * make a text UCS-2, which fits 70 characters a part instead of 160.
 */
export const smsPlainText = (text: string): string => text.replace(/[“”]/g, '"').replace(/[‘’]/g, "'").replace(/[–—]/g, '-');

/** When reminders go out (formation's configuration, `GET /api/nudges/schedule`): what the SMS opt-in promises. */
export interface ReminderSchedule {
  /** Local `HH:MM` of the daily reminder. */
  dailyReminderTime: string;
  /** The weekly reminder: weekday (0 = Sunday) and local `HH:MM`. */
  weeklyReminder: { weekday: number; time: string };
  /** Local quiet hours: nothing is sent inside them. */
  quietHours: { start: string; end: string };
  /** Reminders per member per local day, all channels together. */
  dailyCap: number;
}

const weekdayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * The words beside the opt-in checkbox (onboarding's last step, Settings): exactly which texts, how often, how to
 * stop them. Built from formation's live schedule, so it cannot promise what the configuration does not do.
 */
export const smsConsentText = (schedule: ReminderSchedule, frequency: 'daily' | 'weekly' | 'none' | string): string => {
  const which =
    frequency === 'daily'
      ? `the daily reminder at ${schedule.dailyReminderTime} (not on days I have already been active) and the reminders I set on my habits`
      : frequency === 'weekly'
        ? `the weekly reminder on ${weekdayNames[schedule.weeklyReminder.weekday]}s at ${schedule.weeklyReminder.time} and the reminders I set on my habits`
        : 'the reminders I set on my habits';
  const cap = schedule.dailyCap === 1 ? 'at most 1 text a day' : `at most ${schedule.dailyCap} texts a day`;
  return (
    `Text me Abide reminders at this number: ${which}, ${cap}, none between ${schedule.quietHours.start} and ` +
    `${schedule.quietHours.end} my time. Reply STOP to opt out, START to opt back in. Message and data rates may apply.`
  );
};
