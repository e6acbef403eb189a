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
    shareProgressWithGroups: { type: Boolean, default: true },
    twoFactorEnabled: { type: Boolean, default: false },
    twoFactorEnabledAt: { type: Date, default: null },
    recoveryCodesLeft: { type: Number, default: 0 },
    createdAt: { type: Date, required: true },
    version: { type: Number, required: true },
  },
  { collection: 'users', versionKey: false },
);
