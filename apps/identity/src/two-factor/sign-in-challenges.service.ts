import { Inject, Injectable } from '@nestjs/common';
import { errorCodes, type SignInChallenge } from '@abide/contracts';
import { DomainError, MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import { type UserState, UserCommands } from '../accounts/accounts.port';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { hashOpaqueToken, newOpaqueToken } from '../shared/opaque-token';
import { type SessionMethod, type IssuedSession, Sessions } from '../sessions/sessions.port';
import { claimOnce, type SingleUseClaimDoc, singleUseClaimSchema } from '../shared/single-use.schema';
import { SecondFactor } from './second-factor.service';
import { type SignInChallengeDoc, signInChallengeSchema } from './two-factor-secrets.schema';

export type SessionOrChallenge = { kind: 'session'; issued: IssuedSession } | { kind: 'challenge'; challenge: SignInChallenge };

/**
 * The two steps of a sign-in with two-factor sign-in on. The first proof (a password, an e-mail link) gets no tokens,
 * only a challenge: opaque, stored as its hash, single use, valid TWO_FACTOR_CHALLENGE_TTL_SECONDS. The second step
 * brings it back with a code and gets the session, marked aal2.
 */
@Injectable()
export class SignInChallenges {
  private readonly challenges: Model<SignInChallengeDoc>;
  private readonly claims: Model<SingleUseClaimDoc>;

  constructor(
    @Inject(MONGO_CONNECTION) connection: Connection,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    private readonly sessions: Sessions,
    private readonly secondFactor: SecondFactor,
    private readonly users: UserCommands,
  ) {
    this.challenges = connection.model<SignInChallengeDoc>('SignInChallenge', signInChallengeSchema);
    this.claims = connection.model<SingleUseClaimDoc>('SignInChallengeClaim', singleUseClaimSchema('sign_in_challenge_claims'));
  }

  /** A session at once when the account has no second factor, else the challenge of the second step. */
  async sessionOrChallenge(userId: string, state: UserState, method: SessionMethod): Promise<SessionOrChallenge> {
    if (!state.twoFactorEnabled) return { kind: 'session', issued: await this.sessions.start(userId, method) };
    const challenge = newOpaqueToken();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + this.config.TWO_FACTOR_CHALLENGE_TTL_SECONDS * 1000);
    await this.challenges.create({ _id: hashOpaqueToken(challenge), userId, method, createdAt: now, expiresAt });
    return { kind: 'challenge', challenge: { secondFactor: 'totp', challenge, expiresAt: expiresAt.toISOString() } };
  }

  /** The second step: a wrong code leaves the challenge usable until it expires (the back-off limits the guesses). */
  async complete(challenge: string, code: string, correlationId: string): Promise<{ issued: IssuedSession; method: SessionMethod }> {
    const hash = hashOpaqueToken(challenge);
    const pending = await this.challenges.findById(hash).lean();
    if (!pending || pending.expiresAt <= new Date()) throw challengeExpired();
    await this.secondFactor.check(pending.userId, code, { recoveryCodes: true, status: 401, correlationId });
    if (!(await claimOnce(this.claims, hash, new Date()))) throw challengeExpired();
    await this.challenges.deleteOne({ _id: hash });
    const { state } = await this.users.load(pending.userId);
    if (!state.registered || state.deleted) throw challengeExpired();
    return { issued: await this.sessions.start(pending.userId, pending.method, 'aal2'), method: pending.method };
  }
}

const challengeExpired = () =>
  new DomainError(
    errorCodes.challengeExpired,
    401,
    'Sign-in expired',
    'This sign-in has expired or was already completed. Please sign in again with your password.',
  );
