import { Injectable } from '@nestjs/common';
import { errorCodes, type SignInRequest } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import { randomUUID } from 'node:crypto';
import { PasswordHashing, EmailConfirmation, PasswordCredentials } from '../accounts/accounts.port';
import { type SessionOrChallenge, SignInChallenge } from '../two-factor/two-factor.port';
import { GuessLimits } from '../sessions/sessions.port';

@Injectable()
export class SignInHandler {
  /** Verified when the address is unknown, so both answers take an argon2 verification. */
  private dummyHash?: Promise<string>;

  constructor(
    private readonly credentials: PasswordCredentials,
    private readonly hasher: PasswordHashing,
    private readonly backoff: GuessLimits,
    private readonly accounts: EmailConfirmation,
    private readonly challenges: SignInChallenge,
  ) {}

  /** A session, or (two-factor sign-in on) the challenge of the second step. */
  async execute(request: SignInRequest): Promise<SessionOrChallenge> {
    const signedIn = await this.backoff.judge(request.email, 'password', async () => {
      const credentials = await this.credentials.findByEmail(request.email);
      this.dummyHash ??= this.hasher.hash(randomUUID());
      const matches = await this.hasher.verify(credentials?.passwordHash ?? (await this.dummyHash), request.password);
      const status = credentials && matches ? await this.accounts.statusOf(credentials._id) : undefined;
      return credentials && status?.registered && !status.deleted ? { userId: credentials._id, status } : undefined;
    });
    if (!signedIn) throw new DomainError(errorCodes.invalidCredentials, 401, 'Sign-in failed', 'Invalid email or password.');
    const { userId, status } = signedIn;
    // Said only after a correct password, so it reveals nothing to someone guessing addresses.
    if (!status.emailConfirmed) {
      throw new DomainError(
        errorCodes.emailNotConfirmed,
        403,
        'E-mail not confirmed',
        'Confirm your e-mail address first: open the link we sent you. Signing up again sends a new one.',
      );
    }
    return this.challenges.sessionOrChallenge(userId, status, 'password');
  }
}
