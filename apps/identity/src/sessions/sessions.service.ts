import { Inject, Injectable } from '@nestjs/common';
import { type AssuranceLevel, errorCodes, type Role, type SessionResponse } from '@abide/contracts';
import { DomainError, MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';
import { toUserResponse, Accounts } from '../accounts/accounts.port';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { AccessTokens } from '../tokens/tokens.port';
import { hashOpaqueToken, newOpaqueToken } from '../shared/opaque-token';
import { decideRefresh } from './domain/refresh-decision';
import { claimOnce, type SingleUseClaimDoc, singleUseClaimSchema } from '../shared/single-use.schema';
import { type RefreshTokenDoc, refreshTokenSchema, type SessionDoc, type SessionMethod, sessionSchema } from './session.schema';

export interface IssuedSession {
  response: SessionResponse;
  /** Absent on a grace-window refresh: the browser already holds the successor. */
  refreshToken?: string;
  absoluteExpiresAt: Date;
}

/**
 * Sessions and their refresh-token families. Revoking a session stops its refresh tokens at once; access tokens
 * already issued for it stay valid until they expire (15 min): services verify them offline against the JWKS,
 * which is the accepted trade-off of short-lived JWTs.
 */
@Injectable()
export class SessionsService {
  private readonly sessions: Model<SessionDoc>;
  private readonly tokens: Model<RefreshTokenDoc>;
  private readonly rotations: Model<SingleUseClaimDoc>;

  constructor(
    @Inject(MONGO_CONNECTION) connection: Connection,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    private readonly accessTokens: AccessTokens,
    private readonly users: Accounts,
  ) {
    this.sessions = connection.model<SessionDoc>('Session', sessionSchema);
    this.tokens = connection.model<RefreshTokenDoc>('RefreshToken', refreshTokenSchema);
    this.rotations = connection.model<SingleUseClaimDoc>('RefreshTokenRotation', singleUseClaimSchema('refresh_token_rotations'));
  }

  /** `aal2` when the sign-in proved a second factor (two-factor sign-in's second step). */
  async start(userId: string, method: SessionMethod, aal: AssuranceLevel = 'aal1'): Promise<IssuedSession> {
    const user = await this.users.findById(userId);
    if (!user) throw sessionEnded();
    const now = new Date();
    const session = await this.sessions.create({
      _id: uuidv7(),
      userId,
      method,
      aal,
      createdAt: now,
      lastUsedAt: now,
      absoluteExpiresAt: new Date(now.getTime() + this.config.SESSION_ABSOLUTE_SECONDS * 1000),
      revoked: false,
      revokedAt: null,
      revokedReason: null,
    });
    const refreshToken = await this.newRefreshToken(session._id, now);
    return { response: await this.respond(userId, session._id, aal), refreshToken, absoluteExpiresAt: session.absoluteExpiresAt };
  }

  /** Rotates the presented refresh token; roles are re-read here, so a role change applies at the next refresh. */
  async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
    if (!refreshToken) throw sessionEnded();
    const hash = hashOpaqueToken(refreshToken);
    const token = await this.tokens.findById(hash).lean();
    const session = token ? await this.sessions.findById(token.sessionId).lean() : null;
    const now = new Date();
    const decision = decideRefresh(token, session, {
      now,
      graceMs: this.config.REFRESH_REUSE_GRACE_SECONDS * 1000,
      inactivityMs: this.config.SESSION_INACTIVITY_SECONDS * 1000,
    });
    if (!session) throw sessionEnded();
    switch (decision.kind) {
      case 'refuse':
        throw sessionEnded();
      case 'reuse':
        await this.revoke(session._id, 'refresh-token-reuse');
        throw sessionEnded();
      case 'grace':
        return { response: await this.respond(session.userId, session._id, session.aal), absoluteExpiresAt: session.absoluteExpiresAt };
      case 'rotate': {
        // Two tabs racing with the same token: one claims the rotation, the other is inside the grace window.
        if (!(await claimOnce(this.rotations, hash, now))) {
          return { response: await this.respond(session.userId, session._id, session.aal), absoluteExpiresAt: session.absoluteExpiresAt };
        }
        await this.tokens.updateOne({ _id: hash }, { $set: { rotated: true, rotatedAt: now } });
        await this.sessions.updateOne({ _id: session._id }, { $set: { lastUsedAt: now } });
        const successor = await this.newRefreshToken(session._id, now);
        return {
          response: await this.respond(session.userId, session._id, session.aal),
          refreshToken: successor,
          absoluteExpiresAt: session.absoluteExpiresAt,
        };
      }
    }
  }

  /** Revokes one of the user's sessions (the caller's own: the filter includes the user). */
  async revoke(sessionId: string, reason: string, userId?: string): Promise<void> {
    await this.sessions.updateOne(
      { _id: sessionId, ...(userId ? { userId } : {}), revoked: false },
      { $set: { revoked: true, revokedAt: new Date(), revokedReason: reason } },
    );
  }

  /** Revokes every live session of the user, except `keep` (the caller's, after a password change). */
  async revokeAllOf(userId: string, reason: string, keep?: string): Promise<void> {
    await this.sessions.updateMany(
      { userId, revoked: false, ...(keep ? { _id: { $ne: keep } } : {}) },
      { $set: { revoked: true, revokedAt: new Date(), revokedReason: reason } },
    );
  }

  findOwned(sessionId: string, userId: string): Promise<SessionDoc | null> {
    return this.sessions.findOne({ _id: sessionId, userId }).lean<SessionDoc>().exec();
  }

  async changeMethod(sessionId: string, method: SessionMethod): Promise<void> {
    await this.sessions.updateOne({ _id: sessionId }, { $set: { method } });
  }

  /** The member proved a second factor in this session (turning two-factor sign-in on): its next token says aal2. */
  async raiseAssurance(sessionId: string, userId: string): Promise<void> {
    await this.sessions.updateOne({ _id: sessionId, userId }, { $set: { aal: 'aal2' } });
  }

  private async newRefreshToken(sessionId: string, now: Date): Promise<string> {
    const token = newOpaqueToken();
    await this.tokens.create({ _id: hashOpaqueToken(token), sessionId, createdAt: now, rotated: false, rotatedAt: null });
    return token;
  }

  private async respond(userId: string, sessionId: string, aal: AssuranceLevel = 'aal1'): Promise<SessionResponse> {
    const user = await this.users.findById(userId);
    if (!user) {
      // The account is gone (deleted): its sessions go with it.
      await this.revokeAllOf(userId, 'account-gone');
      throw sessionEnded();
    }
    const access = await this.accessTokens.issue({ sub: userId, email: user.email, roles: user.roles as Role[], sid: sessionId, aal });
    return { accessToken: access.token, expiresAt: access.expiresAt.toISOString(), aal, user: toUserResponse(user) };
  }
}

const sessionEnded = () =>
  new DomainError(errorCodes.sessionExpired, 401, 'Sign-in required', 'Your session has ended. Please sign in again.');
