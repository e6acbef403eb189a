import type { Nudge } from '../domain/due-nudges';

/** Characters outside the GSM 7-bit alphabet make a text UCS-2, which fits 70 characters a part instead of 160. */
const plain = (text: string): string => text.replace(/[“”]/g, '"').replace(/[‘’]/g, "'").replace(/[–—]/g, '-');

/**
 * A reminder text: our name, the reminder, and how to stop them (every text says it, as carriers ask). Written to
 * fit one 160-character part for the usual reminders.
 */
export const nudgeText = (nudge: Pick<Nudge, 'title' | 'body'>): string =>
  plain(`Abide: ${nudge.title}. ${nudge.body} Reply STOP to opt out.`);
