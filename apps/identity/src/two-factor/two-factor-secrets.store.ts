import { Inject, Injectable } from '@nestjs/common';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import { createHash } from 'node:crypto';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { claimOnce, type SingleUseClaimDoc, singleUseClaimSchema } from '../shared/single-use.schema';
import { hashRecoveryCode } from './domain/recovery-codes';
import { deriveKey, open, seal } from './domain/secret-box';
import { type TwoFactorSecretsDoc, twoFactorSecretsSchema } from './two-factor-secrets.schema';

export interface ActiveSecret {
  secret: string;
  lastTimeStep: number | undefined;
  recoveryCodeHashes: string[];
}

/** Every read and write of the two-factor secrets is by the user's id (one document each), and every spend a claim by key. */
@Injectable()
export class TwoFactorSecrets {
  private readonly model: Model<TwoFactorSecretsDoc>;
  /** A code or a time step is spent once: the first insert of its claim wins, a concurrent one loses (single-use.schema.ts). */
  private readonly claims: Model<SingleUseClaimDoc>;
  private readonly sealKey: Buffer;
  private readonly hashKey: Buffer;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection, @Inject(IDENTITY_CONFIG) config: IdentityConfig) {
    this.model = connection.model<TwoFactorSecretsDoc>('TwoFactorSecrets', twoFactorSecretsSchema);
    this.claims = connection.model<SingleUseClaimDoc>('TwoFactorCodeClaim', singleUseClaimSchema('two_factor_code_claims'));
    this.sealKey = deriveKey(config.TWO_FACTOR_SECRET_KEY, 'secret-encryption');
    this.hashKey = deriveKey(config.TWO_FACTOR_SECRET_KEY, 'recovery-code-hash');
  }

  async startEnrolment(userId: string, secret: string, expiresAt: Date): Promise<void> {
    await this.model.updateOne(
      { _id: userId },
      { $set: { pendingSecret: seal(this.sealKey, userId, secret), pendingExpiresAt: expiresAt, updatedAt: new Date() } },
      { upsert: true },
    );
  }

  /** The secret being enrolled, while it is fresh. */
  async pendingSecret(userId: string, now: Date): Promise<string | undefined> {
    const doc = await this.model.findById(userId).lean();
    if (!doc?.pendingSecret || !doc.pendingExpiresAt || doc.pendingExpiresAt <= now) return undefined;
    return open(this.sealKey, userId, doc.pendingSecret);
  }

  /** The pending secret becomes the one in use, with its recovery codes (hashed here) and the step its code spent. */
  async activate(userId: string, secret: string, recoveryCodes: string[], timeStep: number): Promise<void> {
    await this.model.updateOne(
      { _id: userId },
      {
        $set: {
          secret: seal(this.sealKey, userId, secret),
          pendingSecret: null,
          pendingExpiresAt: null,
          recoveryCodeHashes: this.hashAll(userId, recoveryCodes),
          lastTimeStep: timeStep,
          updatedAt: new Date(),
        },
      },
    );
  }

  async active(userId: string): Promise<ActiveSecret | undefined> {
    const doc = await this.model.findById(userId).lean();
    if (!doc?.secret) return undefined;
    return {
      secret: open(this.sealKey, userId, doc.secret),
      lastTimeStep: doc.lastTimeStep ?? undefined,
      recoveryCodeHashes: doc.recoveryCodeHashes,
    };
  }

  /**
   * True when this call spent the step (its code cannot be used again); false when another request already had. The
   * claim names the secret too (a digest of it), so a new secret (turned off and on again) starts with no step spent.
   */
  async spendTimeStep(userId: string, secret: string, timeStep: number): Promise<boolean> {
    const secretId = createHash('sha256').update(secret).digest('hex').slice(0, 16);
    if (!(await claimOnce(this.claims, `${userId}:step:${secretId}:${timeStep}`, new Date()))) return false;
    // Kept as the highest step spent; an older step spent later (within the tolerance) leaves it as it is.
    await this.model.updateOne({ _id: userId }, { $max: { lastTimeStep: timeStep } });
    return true;
  }

  /** Spends one recovery code: the number left, or undefined when it is not one of the member's or was spent already. */
  async spendRecoveryCode(userId: string, code: string, active: ActiveSecret): Promise<number | undefined> {
    const hash = hashRecoveryCode(this.hashKey, userId, code);
    if (!hash || !active.recoveryCodeHashes.includes(hash)) return undefined;
    if (!(await claimOnce(this.claims, `${userId}:recovery:${hash}`, new Date()))) return undefined;
    await this.model.updateOne({ _id: userId }, { $pull: { recoveryCodeHashes: hash } });
    return active.recoveryCodeHashes.filter((h) => h !== hash).length;
  }

  async replaceRecoveryCodes(userId: string, recoveryCodes: string[]): Promise<void> {
    await this.model.updateOne(
      { _id: userId },
      { $set: { recoveryCodeHashes: this.hashAll(userId, recoveryCodes), updatedAt: new Date() } },
    );
  }

  /** Turning it off, or deleting the account: nothing of the secret or the codes is kept. */
  async forget(userId: string): Promise<void> {
    await this.model.deleteOne({ _id: userId });
  }

  private hashAll(userId: string, codes: string[]): string[] {
    return codes.map((code) => hashRecoveryCode(this.hashKey, userId, code) as string);
  }
}
