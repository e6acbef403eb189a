import { smsPlainText } from '@abide/contracts';
import type { Nudge } from '../domain/due-nudges';

/**
 * A reminder text: our name, the reminder, and how to stop them (every text says it, as carriers ask). Written to
 * fit one 160-character part for the usual reminders.
 */
export const nudgeText = (nudge: Pick<Nudge, 'title' | 'body'>): string =>
  smsPlainText(`Abide: ${nudge.title}. ${nudge.body} Reply STOP to opt out.`);
