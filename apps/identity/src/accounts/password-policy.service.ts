import { Injectable } from '@nestjs/common';
import { errorCodes } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import { loadCommonPasswords } from './common-passwords';
import { type PasswordOwner, passwordWeaknesses } from './domain/password-policy';

@Injectable()
export class PasswordPolicy {
  private readonly common = loadCommonPasswords();

  /** Throws the 422 WEAK_PASSWORD problem with one field error per reason. */
  assertStrong(password: string, owner: PasswordOwner, field = 'password'): void {
    const reasons = passwordWeaknesses(password, owner, this.common);
    if (reasons.length === 0) return;
    throw new DomainError(
      errorCodes.weakPassword,
      422,
      'Weak password',
      `Choose a stronger password: ${reasons.join('; ')}.`,
      reasons.map((message) => ({ field, message })),
    );
  }
}
