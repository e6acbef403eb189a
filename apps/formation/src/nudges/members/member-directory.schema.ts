import { DEFAULT_NOTIFICATION_CHANNELS } from '@abide/contracts';
import { Schema } from 'mongoose';

export type NudgeChannel = 'in-app' | 'email' | 'sms';

/**
 * What the journal and the nudges need to know about a member, learnt from identity's events: the time zone
 * their days belong to, how and how often they want reminders, and where to send them.
 */
export interface NudgeMemberView {
  _id: string;
  name: string | null;
  email: string | null;
  phoneNumber: string | null;
  timeZone: string | null;
  reminderFrequency: 'daily' | 'weekly' | 'none';
  channels: NudgeChannel[];
  /** Set by the unsubscribe link of a reminder e-mail; cleared when the member picks e-mail again in settings. */
  emailUnsubscribedAt: Date | null;
  deleted: boolean;
  updatedAt: Date;
}

export const nudgeMemberSchema = new Schema<NudgeMemberView>(
  {
    _id: { type: String, required: true },
    name: { type: String, default: null },
    email: { type: String, default: null },
    phoneNumber: { type: String, default: null },
    timeZone: { type: String, default: null },
    reminderFrequency: { type: String, default: 'daily' },
    channels: { type: [String], default: () => [...DEFAULT_NOTIFICATION_CHANNELS] },
    emailUnsubscribedAt: { type: Date, default: null },
    deleted: { type: Boolean, default: false },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'nudge_members', versionKey: false, minimize: false },
);

// The scan walks the members who want reminders.
nudgeMemberSchema.index({ deleted: 1, reminderFrequency: 1 });
