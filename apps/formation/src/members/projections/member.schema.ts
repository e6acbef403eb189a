import { DEFAULT_NOTIFICATION_CHANNELS } from '@abide/contracts';
import { Schema } from 'mongoose';

export interface MemberView {
  _id: string;
  onboarded: boolean;
  timeZone: string;
  spiritualGoals: string[];
  connectionPreferences: string[];
  reminderFrequency: string;
  phoneNumber: string | null;
  channels: string[];
  shareProgressWithGroups: boolean;
  restDays: number[];
  name: string | null;
  email: string | null;
  emailUnsubscribedAt: Date | null;
  /** When the member's standing opt-in to reminder texts was given; null: no text is sent. */
  smsOptedInAt: Date | null;
  joinedAt?: Date;
  version: number;
}

export const memberViewSchema = new Schema<MemberView>(
  {
    _id: { type: String, required: true },
    onboarded: { type: Boolean, default: false },
    timeZone: { type: String, default: 'UTC' },
    spiritualGoals: { type: [String], default: [] },
    connectionPreferences: { type: [String], default: [] },
    reminderFrequency: { type: String, default: 'daily' },
    phoneNumber: { type: String, default: null },
    channels: { type: [String], default: () => [...DEFAULT_NOTIFICATION_CHANNELS] },
    shareProgressWithGroups: { type: Boolean, default: false },
    restDays: { type: [Number], default: [] },
    name: { type: String, default: null },
    email: { type: String, default: null },
    emailUnsubscribedAt: { type: Date, default: null },
    smsOptedInAt: { type: Date, default: null },
    joinedAt: { type: Date },
    version: { type: Number, required: true },
  },
  { collection: 'members', versionKey: false },
);
