import type { AssuranceLevel } from '@abide/contracts';
import { Schema } from 'mongoose';

/** How a session was established; a recovery session may set a new password once without the old one. */
export type SessionMethod = 'password' | 'signup' | 'recovery';

/**
 * A session is one family of refresh tokens, from one sign-in. Expiry is checked on use (FerretDB v1 has no TTL
 * indexes); revoking the session revokes every token of the family.
 */
export interface SessionDoc {
  _id: string;
  userId: string;
  method: SessionMethod;
  /** `aal2` once a second factor was proven in it (at sign-in, or by turning two-factor sign-in on); older sessions have none: aal1. */
  aal?: AssuranceLevel;
  createdAt: Date;
  lastUsedAt: Date;
  absoluteExpiresAt: Date;
  revoked: boolean;
  revokedAt: Date | null;
  revokedReason: string | null;
}

export const sessionSchema = new Schema<SessionDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    method: { type: String, required: true, enum: ['password', 'signup', 'recovery'] },
    aal: { type: String, enum: ['aal1', 'aal2'], default: 'aal1' },
    createdAt: { type: Date, required: true },
    lastUsedAt: { type: Date, required: true },
    absoluteExpiresAt: { type: Date, required: true },
    revoked: { type: Boolean, required: true, default: false },
    revokedAt: { type: Date, default: null },
    revokedReason: { type: String, default: null },
  },
  { collection: 'sessions', versionKey: false },
);
// "Sign out everywhere" and "revoke the other sessions" select a user's live sessions.
sessionSchema.index({ userId: 1, revoked: 1 });

/** One refresh token of a family, keyed by its SHA-256; `rotated` once exchanged for its successor. */
export interface RefreshTokenDoc {
  _id: string;
  sessionId: string;
  createdAt: Date;
  rotated: boolean;
  rotatedAt: Date | null;
}

export const refreshTokenSchema = new Schema<RefreshTokenDoc>(
  {
    _id: { type: String, required: true },
    sessionId: { type: String, required: true, index: true },
    createdAt: { type: Date, required: true },
    rotated: { type: Boolean, required: true, default: false },
    rotatedAt: { type: Date, default: null },
  },
  { collection: 'refresh_tokens', versionKey: false },
);
