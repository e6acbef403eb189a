import { Inject, Injectable } from '@nestjs/common';
import type { SignUpAccepted, SignUpWithConfirmation } from '@abide/contracts';
import { v7 as uuidv7 } from 'uuid';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { ConfirmEmailHandler } from './confirm-email.commands';
import { LinkCodes, callbackLink } from '../links/links.port';
import { confirmationMail, signUpAttemptMail, MailSender } from '../mail/mail.port';
import { CredentialsRepository } from './credentials.store';
import { PasswordPolicy } from './password-policy.service';
import { PasswordHasher } from './password-hasher';
import { UserStream } from './user-stream.commands';
import type { Credentials } from './projections/credentials.schema';
import { UserProjection } from './projections/user.projection';

/** A reservation older than this with no user stream behind it was left by a crash and may be reclaimed. */
const ORPHAN_RESERVATION_MS = 60_000;

/** The one answer of sign-up, whether or not the address was registered (no enumeration). */
export const signUpAccepted: SignUpAccepted = {
  confirmationRequired: true,
  message: 'Check your e-mail: we sent you a link to confirm your account. Open it in this browser to finish signing up.',
};

@Injectable()
export class RegisterUserHandler {
  constructor(
    private readonly credentials: CredentialsRepository,
    private readonly stream: UserStream,
    private readonly hasher: PasswordHasher,
    private readonly policy: PasswordPolicy,
    private readonly users: UserProjection,
    private readonly codes: LinkCodes,
    private readonly accounts: ConfirmEmailHandler,
    private readonly mailer: MailSender,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async execute(request: SignUpWithConfirmation, correlationId: string): Promise<SignUpAccepted> {
    // The policy judges only the request, so a weak password answers 422 whether or not the address is taken.
    this.policy.assertStrong(request.password, request);
    const userId = uuidv7();
    // Hashed on both paths, so the time taken does not tell a registered address from a new one.
    const passwordHash = await this.hasher.hash(request.password);
    const reserved = await this.reserveEmail({ _id: userId, email: request.email, passwordHash, createdAt: new Date() });
    if (!reserved) {
      await this.tellExistingOwner(request);
      return signUpAccepted;
    }
    try {
      const now = new Date();
      await this.stream.handle({ type: 'RegisterUser', userId, name: request.name, email: request.email, now }, { correlationId });
    } catch (error) {
      // Nothing half-written: without the registration event the reservation must go too.
      await this.credentials.model.deleteOne({ _id: userId });
      throw error;
    }
    await this.sendConfirmation(userId, request.name, request.email, request.codeChallenge);
    return signUpAccepted;
  }

  /**
   * An unconfirmed owner gets a fresh confirmation link (bound to this request's PKCE challenge; the new password
   * is discarded). A confirmed owner is told someone tried, with the way to sign in or reset the password.
   */
  private async tellExistingOwner(request: SignUpWithConfirmation): Promise<void> {
    const existing = await this.credentials.findByEmail(request.email);
    if (!existing) return;
    const [status, user] = await Promise.all([this.accounts.statusOf(existing._id), this.users.findById(existing._id)]);
    if (!user || status.deleted) return;
    if (!status.emailConfirmed) return this.sendConfirmation(existing._id, user.name, user.email, request.codeChallenge);
    const web = this.config.WEB_BASE_URL;
    this.mailer.sendInBackground(user.email, signUpAttemptMail(user.name, `${web}/login`, `${web}/login?recover=1`));
  }

  private async sendConfirmation(userId: string, name: string, email: string, codeChallenge: string): Promise<void> {
    const code = await this.codes.issue(userId, 'signup', codeChallenge);
    const link = callbackLink(this.config.WEB_BASE_URL, code, 'signup');
    this.mailer.sendInBackground(email, confirmationMail(name, link, Math.round(this.config.SIGNUP_CODE_TTL_SECONDS / 3600)));
  }

  /** False when the address belongs to an account already. */
  private async reserveEmail(doc: Credentials, retried = false): Promise<boolean> {
    try {
      await this.credentials.model.create(doc);
      return true;
    } catch (error) {
      if ((error as { code?: number }).code !== 11000) throw error;
      if (!retried && (await this.reclaimOrphan(doc.email))) return this.reserveEmail(doc, true);
      return false;
    }
  }

  private async reclaimOrphan(email: string): Promise<boolean> {
    const existing = await this.credentials.findByEmail(email);
    if (!existing || Date.now() - existing.createdAt.getTime() < ORPHAN_RESERVATION_MS) return false;
    // Any event at all means the account is real (the version is 0 only for a stream never written).
    if ((await this.stream.load(existing._id)).version > 0) return false;
    await this.credentials.model.deleteOne({ _id: existing._id });
    return true;
  }
}
