import { Inject, Injectable } from '@nestjs/common';
import { type AuthUser } from '@abide/auth';
import { rolesRequireTwoFactor, type TwoFactorEnrolment, type TwoFactorStatus } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import { toString as qrCodeSvg } from 'qrcode';
import { Accounts, UserCommands, userDecider, assertCanEnrol } from '../accounts/accounts.port';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { Sessions, CurrentPasswordCheck } from '../sessions/sessions.port';
import { newRecoveryCodes } from './domain/recovery-codes';
import { newTotpSecret, otpauthUri } from './domain/totp';
import { SecondFactor } from './second-factor.service';
import { TwoFactorSecrets } from './two-factor-secrets.store';

/** A started enrolment waits this long for its first code; then the member starts again with a new key. */
export const ENROLMENT_TTL_MS = 15 * 60 * 1000;

/** A signed-in member's own two-factor sign-in: turning it on (with its recovery codes), new codes, turning it off. */
@Injectable()
export class TwoFactorService {
  constructor(
    private readonly users: UserCommands,
    private readonly views: Accounts,
    private readonly secrets: TwoFactorSecrets,
    private readonly secondFactor: SecondFactor,
    private readonly sessions: Sessions,
    private readonly currentPassword: CurrentPasswordCheck,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async status(userId: string): Promise<TwoFactorStatus> {
    const view = await this.views.findById(userId);
    if (!view) throw DomainError.notFound('Your account');
    return {
      enabled: view.twoFactorEnabled ?? false,
      required: rolesRequireTwoFactor(view.roles),
      enabledAt: view.twoFactorEnabledAt?.toISOString() ?? null,
      recoveryCodesLeft: view.recoveryCodesLeft ?? 0,
    };
  }

  /** A new secret for the app; each start replaces the last one that was not confirmed. */
  async startEnrolment(caller: AuthUser): Promise<TwoFactorEnrolment> {
    assertCanEnrol((await this.users.load(caller.id)).state);
    const view = await this.views.findById(caller.id);
    if (!view) throw DomainError.notFound('Your account');
    const secret = newTotpSecret();
    const expiresAt = new Date(Date.now() + ENROLMENT_TTL_MS);
    await this.secrets.startEnrolment(caller.id, secret, expiresAt);
    const uri = otpauthUri(this.config.TWO_FACTOR_ISSUER, view.email, secret);
    const svg = await qrCodeSvg(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    return {
      secret,
      otpauthUri: uri,
      qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
      expiresAt: expiresAt.toISOString(),
    };
  }

  /**
   * The first code proves the app holds the secret: two-factor sign-in is on, this session counts as proven by it
   * (aal2), and every other session ends (one opened with the password alone must sign in again, with a code).
   */
  async confirmEnrolment(caller: AuthUser, password: string, code: string, correlationId: string): Promise<string[]> {
    assertCanEnrol((await this.users.load(caller.id)).state);
    // A borrowed session (a token lifted from a browser) must not bind the account to someone else's app.
    await this.currentPassword.confirm(caller.id, password, wrongPassword);
    const secret = await this.secrets.pendingSecret(caller.id, new Date());
    if (!secret) {
      throw DomainError.conflict('This setup has expired or was never started. Start again to get a new key for your app.');
    }
    const timeStep = await this.secondFactor.checkEnrolmentCode(caller.id, secret, code, { status: 400, correlationId });
    const recoveryCodes = newRecoveryCodes();
    await this.secrets.activate(caller.id, secret, recoveryCodes, timeStep);
    await this.users.handle({ type: 'EnableTwoFactor', userId: caller.id, recoveryCodes: recoveryCodes.length, now: new Date() }, { correlationId });
    await this.sessions.raiseAssurance(caller.sessionId, caller.id);
    await this.sessions.revokeAllOf(caller.id, 'two-factor-enabled', caller.sessionId);
    return recoveryCodes;
  }

  /** New recovery codes for a current app code; the old ones stop working. */
  async renewRecoveryCodes(caller: AuthUser, code: string, correlationId: string): Promise<string[]> {
    const { state } = await this.users.load(caller.id);
    // Asked of the decider first, so a refusal comes before a code is spent.
    userDecider.decide({ type: 'RenewRecoveryCodes', userId: caller.id, recoveryCodes: 0, now: new Date() }, state);
    await this.secondFactor.check(caller.id, code, { recoveryCodes: false, status: 400, correlationId });
    const recoveryCodes = newRecoveryCodes();
    await this.secrets.replaceRecoveryCodes(caller.id, recoveryCodes);
    await this.users.handle(
      { type: 'RenewRecoveryCodes', userId: caller.id, recoveryCodes: recoveryCodes.length, now: new Date() },
      { correlationId },
    );
    return recoveryCodes;
  }

  /** Needs the password (sign-in's back-off, as changing it does) and a code; never while a role needs it. */
  async disable(caller: AuthUser, password: string, code: string, correlationId: string): Promise<void> {
    await this.currentPassword.confirm(caller.id, password, wrongPassword);
    const { state } = await this.users.load(caller.id);
    const disable = { type: 'DisableTwoFactor', userId: caller.id, by: { owner: true }, now: new Date() } as const;
    userDecider.decide(disable, state); // refuses before a code is spent
    await this.secondFactor.check(caller.id, code, { recoveryCodes: true, status: 400, correlationId });
    await this.users.handle({ ...disable, now: new Date() }, { correlationId });
    await this.secrets.forget(caller.id);
  }
}

const wrongPassword = () =>
  DomainError.validation([{ field: 'password', message: 'Your password is not correct' }], 'Your password is not correct.');
