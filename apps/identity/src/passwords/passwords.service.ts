import { Inject, Injectable } from '@nestjs/common';
import { errorCodes, type RecoverRequest } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import type { AuthUser } from '@abide/auth';
import { PasswordHashing, Accounts, EmailConfirmation, PasswordCredentials, PasswordStrength } from '../accounts/accounts.port';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { LinkCodes, callbackLink } from '../links/links.port';
import { recoveryMail, MailSender } from '../mail/mail.port';
import { CurrentPasswordCheck, Sessions, GuessLimits } from '../sessions/sessions.port';

/** A recovery session may set a new password (once) within this time of opening the link. */
const RECOVERY_SESSION_WINDOW_MS = 60 * 60 * 1000;

export const recoverAcceptedMessage = 'If an account exists for this address, we sent it a link to reset the password.';

@Injectable()
export class PasswordsService {
  constructor(
    private readonly credentials: PasswordCredentials,
    private readonly hasher: PasswordHashing,
    private readonly policy: PasswordStrength,
    private readonly users: Accounts,
    private readonly codes: LinkCodes,
    private readonly accounts: EmailConfirmation,
    private readonly mailer: MailSender,
    private readonly sessions: Sessions,
    private readonly backoff: GuessLimits,
    private readonly currentPassword: CurrentPasswordCheck,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** Mails a recovery link when the account exists; the caller answers the same either way. */
  async recover(request: RecoverRequest): Promise<void> {
    const credentials = await this.credentials.findByEmail(request.email);
    if (!credentials) return;
    const [status, user] = await Promise.all([this.accounts.statusOf(credentials._id), this.users.findById(credentials._id)]);
    if (!status.registered || status.deleted || !user) return;
    const code = await this.codes.issue(credentials._id, 'recovery', request.codeChallenge);
    const link = callbackLink(this.config.WEB_BASE_URL, code, 'recovery');
    this.mailer.sendInBackground(user.email, recoveryMail(user.name, link, Math.round(this.config.RECOVERY_CODE_TTL_SECONDS / 60)));
  }

  /** POST /auth/password: the new password of a recovery session; ends every other session. */
  async setAfterRecovery(caller: AuthUser, password: string): Promise<void> {
    const session = await this.sessions.findOwned(caller.sessionId, caller.id);
    const fresh = session && Date.now() - session.createdAt.getTime() <= RECOVERY_SESSION_WINDOW_MS;
    if (!session || session.revoked || session.method !== 'recovery' || !fresh) {
      throw new DomainError(
        errorCodes.recoveryRequired,
        403,
        'Forbidden',
        'Open the link of a password-reset e-mail to set a new password, or change it in Settings with your current password.',
      );
    }
    await this.replace(caller, password, 'password');
    // The recovery privilege is single-use: the session carries on as an ordinary one.
    await this.sessions.changeMethod(caller.sessionId, 'password');
  }

  /** Settings: needs the current password (guarded by the same per-account back-off as sign-in). */
  async change(caller: AuthUser, currentPassword: string, newPassword: string): Promise<void> {
    await this.currentPassword.confirm(caller.id, currentPassword, () =>
      DomainError.validation([{ field: 'currentPassword', message: 'Your current password is not correct' }], 'Your current password is not correct.'),
    );
    await this.replace(caller, newPassword, 'newPassword');
  }

  private async replace(caller: AuthUser, password: string, field: string): Promise<void> {
    const user = await this.users.findById(caller.id);
    if (!user) throw DomainError.notFound('Your account');
    this.policy.assertStrong(password, { email: user.email, name: user.name }, field);
    await this.credentials.setPasswordHash(caller.id, await this.hasher.hash(password));
    await this.sessions.revokeAllOf(caller.id, 'password-changed', caller.sessionId);
    await this.backoff.reset(user.email);
  }
}
