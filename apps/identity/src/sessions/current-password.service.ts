import { Injectable } from '@nestjs/common';
import { DomainError } from '@abide/platform';
import { PasswordHashing, PasswordCredentials } from '../accounts/accounts.port';
import { SignInBackoff } from './sign-in-backoff.service';

/**
 * A signed-in member's password, asked again before what a borrowed session must not do alone (change the password,
 * turn two-factor sign-in on or off, delete the account). Every check counts toward the same per-account back-off as
 * sign-in, so a stolen token cannot be used to guess the password.
 */
@Injectable()
export class CurrentPassword {
  constructor(
    private readonly credentials: PasswordCredentials,
    private readonly hasher: PasswordHashing,
    private readonly backoff: SignInBackoff,
  ) {}

  /** The member's e-mail when `password` is theirs; else `refusal` is thrown (429 while the account is locked). */
  async confirm(userId: string, password: string, refusal: () => Error): Promise<{ email: string }> {
    const credentials = await this.credentials.findById(userId);
    if (!credentials) throw DomainError.notFound('Your account');
    const { email, passwordHash } = credentials;
    const right = await this.backoff.judge(email, 'password', async () =>
      (await this.hasher.verify(passwordHash, password)) ? true : undefined,
    );
    if (!right) throw refusal();
    return { email };
  }
}
