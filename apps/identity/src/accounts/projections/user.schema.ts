import { DEFAULT_NOTIFICATION_CHANNELS } from '@abide/contracts';
import { Schema } from 'mongoose';

/** Read model of an account, shaped for /auth/me, /settings and the export. */
export interface UserView {
  _id: string;
  email: string;
  name: string;
  roles: string[];
  emailConfirmed: boolean;
  onboardingCompleted: boolean;
  spiritualGoals: string[];
  connectionPreferences: string[];
  reminderFrequency: string;
  phoneNumber: string | null;
  timeZone: string;
  channels: string[];
  shareProgressWithGroups: boolean;
  /** The standing opt-in to reminder texts (null when none), and the last opt-out with how it came. */
  smsOptedInAt?: Date | null;
  smsOptedOutAt?: Date | null;
  smsOptOutSource?: string | null;
  /** The number the member's texts are known by in `sms_numbers` (replies find the member through it). */
  smsNumber?: string | null;
  /** Every number the member opted in at: where `sms_numbers` may still list them, so each can be taken off. */
  smsNumbersSeen?: string[];
  /** The account was deleted: all that is left is this mark and the version, so a late event cannot bring it back. */
  deleted?: boolean;
  twoFactorEnabled: boolean;
  twoFactorEnabledAt: Date | null;
  recoveryCodesLeft: number;
  createdAt: Date;
  /** Last applied stream version: makes replays and duplicate applies harmless. */
  version: number;
}

export const userViewSchema = new Schema<UserView>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true, index: true },
    name: { type: String, required: true },
    roles: { type: [String], required: true },
    emailConfirmed: { type: Boolean, default: false },
    onboardingCompleted: { type: Boolean, default: false },
    spiritualGoals: { type: [String], default: [] },
    connectionPreferences: { type: [String], default: [] },
    reminderFrequency: { type: String, default: 'daily' },
    phoneNumber: { type: String, default: null },
    timeZone: { type: String, default: 'UTC' },
    channels: { type: [String], default: () => [...DEFAULT_NOTIFICATION_CHANNELS] },
    // Off until the member turns it on (#26).
    shareProgressWithGroups: { type: Boolean, default: false },
    smsOptedInAt: { type: Date, default: null },
    smsOptedOutAt: { type: Date, default: null },
    smsOptOutSource: { type: String, default: null },
    smsNumber: { type: String, default: null },
    smsNumbersSeen: { type: [String], default: undefined },
    deleted: { type: Boolean },
    twoFactorEnabled: { type: Boolean, default: false },
    twoFactorEnabledAt: { type: Date, default: null },
    recoveryCodesLeft: { type: Number, default: 0 },
    createdAt: { type: Date, required: true },
    version: { type: Number, required: true },
  },
  { collection: 'users', versionKey: false },
);

/**
 * Who has a phone number, keyed by the number (E.164): how a reply (STOP, START) finds its member with one keyed read.
 * A number is listed once its member opts in to texts at it, and leaves when the member's number changes or the
 * account is deleted; an opt-out keeps it, so START can opt in again.
 */
export interface SmsNumberView {
  _id: string;
  userIds: string[];
}

export const smsNumberViewSchema = new Schema<SmsNumberView>(
  { _id: { type: String, required: true }, userIds: { type: [String], default: [] } },
  { collection: 'sms_numbers', versionKey: false },
);
