import { Inject, Injectable } from '@nestjs/common';
import { errorCodes } from '@abide/contracts';
import { DomainError, MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { hashOpaqueToken, newOpaqueToken } from '../shared/opaque-token';
import { claimOnce, type SingleUseClaimDoc, singleUseClaimSchema } from '../shared/single-use.schema';
import { type LinkFlow, redeemRefusal, redeemRefusalMessages, type RedeemAttempt } from './domain/one-time-code';
import { type OneTimeCodeDoc, oneTimeCodeSchema } from './one-time-code.schema';

export interface RedeemedCode {
  userId: string;
  flow: LinkFlow;
}

/** Issues and redeems the single-use codes carried by confirmation and recovery links (PKCE-bound). */
@Injectable()
export class OneTimeCodes {
  private readonly codes: Model<OneTimeCodeDoc>;
  private readonly redemptions: Model<SingleUseClaimDoc>;

  constructor(
    @Inject(MONGO_CONNECTION) connection: Connection,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {
    this.codes = connection.model<OneTimeCodeDoc>('OneTimeCode', oneTimeCodeSchema);
    this.redemptions = connection.model<SingleUseClaimDoc>('OneTimeCodeRedemption', singleUseClaimSchema('one_time_code_redemptions'));
  }

  /** Returns the code for the e-mail link; only its hash is stored. */
  async issue(userId: string, flow: LinkFlow, codeChallenge: string): Promise<string> {
    const code = newOpaqueToken();
    const ttl = flow === 'signup' ? this.config.SIGNUP_CODE_TTL_SECONDS : this.config.RECOVERY_CODE_TTL_SECONDS;
    const now = new Date();
    await this.codes.create({
      _id: hashOpaqueToken(code),
      userId,
      flow,
      codeChallenge,
      expiresAt: new Date(now.getTime() + ttl * 1000),
      used: false,
      usedAt: null,
      createdAt: now,
    });
    return code;
  }

  /** Checks the code and marks it used; 400 with a message saying what is wrong otherwise. */
  async redeem(code: string, attempt: Omit<RedeemAttempt, 'now'>): Promise<RedeemedCode> {
    const id = hashOpaqueToken(code);
    const now = new Date();
    const doc = await this.codes.findById(id).lean();
    const refusal = redeemRefusal(doc, { ...attempt, now });
    if (refusal || !doc) throw invalidLink(redeemRefusalMessages[refusal ?? 'unknown']);
    // The claim's unique _id is the single-use guarantee when two requests race with the same code.
    if (!(await claimOnce(this.redemptions, id, now))) throw invalidLink(redeemRefusalMessages.used);
    await this.codes.updateOne({ _id: id }, { $set: { used: true, usedAt: now } });
    return { userId: doc.userId, flow: doc.flow };
  }
}

const invalidLink = (detail: string) => new DomainError(errorCodes.invalidLink, 400, 'Invalid link', detail);
