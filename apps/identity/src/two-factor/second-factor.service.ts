import { Injectable } from '@nestjs/common';
import { errorCodes } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import { UserCommands } from '../accounts/accounts.port';
import { GuessLimits } from '../sessions/sessions.port';
import { checkTotp, looksLikeTotpCode } from './domain/totp';
import { TwoFactorSecrets } from './two-factor-secrets.store';

export interface CheckOptions {
  /** Whether a recovery code stands in for an app code here (sign-in, turning it off), or only the app's will do. */
  recoveryCodes: boolean;
  /** 401 at sign-in's second step (a credential that failed), 400 naming the field on a signed-in member's routes. */
  status: 400 | 401;
  correlationId: string;
}

export type ProvenBy = 'app-code' | 'recovery-code';

/**
 * Checks a member's second factor: a code from their app (not one already spent) or one of their recovery codes (spent
 * by this check, recorded as an event). Every wrong code counts toward the account's back-off, as wrong passwords do.
 */
@Injectable()
export class SecondFactor {
  constructor(
    private readonly secrets: TwoFactorSecrets,
    private readonly backoff: GuessLimits,
    private readonly users: UserCommands,
  ) {}

  async check(userId: string, code: string, options: CheckOptions): Promise<ProvenBy> {
    const proven = await this.backoff.judge(userId, 'two-factor', () => this.prove(userId, code, options));
    if (!proven) throw invalidCode(options);
    return proven;
  }

  /** Checks an app code against `secret` (an enrolment's, before it is active) and spends its time step. */
  async checkEnrolmentCode(userId: string, secret: string, code: string, options: Omit<CheckOptions, 'recoveryCodes'>): Promise<number> {
    const timeStep = await this.backoff.judge(userId, 'two-factor', async () => {
      const check = checkTotp(secret, code, { now: new Date() });
      return check.valid && (await this.secrets.spendTimeStep(userId, secret, check.timeStep)) ? check.timeStep : undefined;
    });
    if (timeStep === undefined) throw invalidCode({ ...options, recoveryCodes: false });
    return timeStep;
  }

  private async prove(userId: string, code: string, options: CheckOptions): Promise<ProvenBy | undefined> {
    const active = await this.secrets.active(userId);
    if (!active) return undefined;
    if (looksLikeTotpCode(code)) {
      const check = checkTotp(active.secret, code, { now: new Date(), afterTimeStep: active.lastTimeStep });
      return check.valid && (await this.secrets.spendTimeStep(userId, active.secret, check.timeStep)) ? 'app-code' : undefined;
    }
    if (!options.recoveryCodes) return undefined;
    const remaining = await this.secrets.spendRecoveryCode(userId, code, active);
    if (remaining === undefined) return undefined;
    await this.users.handle({ type: 'UseRecoveryCode', userId, remaining, now: new Date() }, {
      correlationId: options.correlationId,
    });
    return 'recovery-code';
  }
}

const invalidCode = ({ status, recoveryCodes }: Pick<CheckOptions, 'status' | 'recoveryCodes'>) => {
  const message = recoveryCodes
    ? 'That code is not right. Use the current 6-digit code from your authenticator app, or an unused recovery code.'
    : 'That code is not right. Use the current 6-digit code from your authenticator app.';
  return new DomainError(errorCodes.invalidCode, status, 'Code not accepted', message, [{ field: 'code', message }]);
};
