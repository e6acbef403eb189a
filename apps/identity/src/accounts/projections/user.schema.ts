import { Schema } from 'mongoose';

/** Read model of an account, shaped for GET /auth/me. */
export interface UserView {
  _id: string;
  email: string;
  name: string;
  roles: string[];
  onboardingCompleted: boolean;
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
    onboardingCompleted: { type: Boolean, required: true, default: false },
    createdAt: { type: Date, required: true },
    version: { type: Number, required: true },
  },
  { collection: 'users', versionKey: false },
);
