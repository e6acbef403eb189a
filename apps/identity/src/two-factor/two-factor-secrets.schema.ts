import { Schema } from 'mongoose';

/**
 * A member's authenticator secret and recovery codes, kept out of the event log (which is published to Kafka) as the
 * password hash is: one document keyed by the user, deleted when the account is. The secrets are sealed
 * (domain/secret-box.ts), the recovery codes kept as keyed hashes.
 */
export interface TwoFactorSecretsDoc {
  _id: string;
  /** The secret in use once enrolment is confirmed; null before. */
  secret: string | null;
  /** A secret being enrolled: replaced by each new start, moved to `secret` by the confirmation. */
  pendingSecret: string | null;
  pendingExpiresAt: Date | null;
  recoveryCodeHashes: string[];
  /** The latest time step a code was accepted for: codes of this step and earlier are refused (replay). */
  lastTimeStep: number | null;
  updatedAt: Date;
}

export const twoFactorSecretsSchema = new Schema<TwoFactorSecretsDoc>(
  {
    _id: { type: String, required: true },
    secret: { type: String, default: null },
    pendingSecret: { type: String, default: null },
    pendingExpiresAt: { type: Date, default: null },
    recoveryCodeHashes: { type: [String], default: [] },
    lastTimeStep: { type: Number, default: null },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'two_factor_secrets', versionKey: false },
);

/** The second step of a sign-in: keyed by the SHA-256 of the opaque challenge the client holds. */
export interface SignInChallengeDoc {
  _id: string;
  userId: string;
  /** The kind of session the first step would have started (a recovery link's session may set a new password). */
  method: 'password' | 'signup' | 'recovery';
  createdAt: Date;
  expiresAt: Date;
}

export const signInChallengeSchema = new Schema<SignInChallengeDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    method: { type: String, required: true, enum: ['password', 'signup', 'recovery'] },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'sign_in_challenges', versionKey: false },
);
