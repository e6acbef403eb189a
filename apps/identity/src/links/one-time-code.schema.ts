import { Schema } from 'mongoose';
import type { LinkFlow } from './domain/one-time-code';

/**
 * One-time codes of e-mail links, keyed by the SHA-256 of the code (the code itself is only in the e-mail).
 * Expiry is checked on use: FerretDB v1 has no TTL indexes, and stale rows are harmless.
 */
export interface OneTimeCodeDoc {
  _id: string;
  userId: string;
  flow: LinkFlow;
  codeChallenge: string;
  expiresAt: Date;
  used: boolean;
  usedAt: Date | null;
  createdAt: Date;
}

export const oneTimeCodeSchema = new Schema<OneTimeCodeDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, index: true },
    flow: { type: String, required: true, enum: ['signup', 'recovery'] },
    codeChallenge: { type: String, required: true },
    expiresAt: { type: Date, required: true },
    used: { type: Boolean, required: true, default: false },
    usedAt: { type: Date, default: null },
    createdAt: { type: Date, required: true },
  },
  { collection: 'one_time_codes', versionKey: false },
);
