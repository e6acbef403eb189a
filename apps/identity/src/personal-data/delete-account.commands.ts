import { Injectable } from '@nestjs/common';
import { errorCodes } from '@abide/contracts';
import { EventStore } from '@abide/event-store';
import { DomainError } from '@abide/platform';
import { UserCommands, PasswordCredentials } from '../accounts/accounts.port';
import { ImportedAddresses } from '../member-imports/member-imports.port';
import { CurrentPasswordCheck, Sessions } from '../sessions/sessions.port';
import { ProvedNumbers } from '../sms/sms.port';
import { TwoFactorErasure } from '../two-factor/two-factor.port';

/** Personal fields of identity's events, erased from the log once the account is gone. */
export const USER_PERSONAL_FIELDS = ['name', 'email', 'phoneNumber'] as const;

/**
 * Deletes an account for good: `identity.user.deleted` tells every service to purge the member's data;
 * identity itself drops the credentials, the two-factor secrets and what member imports kept about the address, ends every session and erases the personal fields
 * of its events.
 */
@Injectable()
export class DeleteAccountHandler {
  constructor(
    private readonly users: UserCommands,
    private readonly credentials: PasswordCredentials,
    private readonly currentPassword: CurrentPasswordCheck,
    private readonly sessions: Sessions,
    private readonly eventStore: EventStore,
    private readonly twoFactorSecrets: TwoFactorErasure,
    private readonly imports: ImportedAddresses,
    private readonly verifiedNumbers: ProvedNumbers,
  ) {}

  async execute(userId: string, password: string, correlationId: string): Promise<void> {
    // Sign-in's back-off: a stolen token must not become a way to guess the password.
    const { email } = await this.currentPassword.confirm(
      userId,
      password,
      () =>
        new DomainError(errorCodes.forbidden, 403, 'Password not accepted', 'That password is not right, so the account was not deleted.', [
          { field: 'password', message: 'That password is not right.' },
        ]),
    );
    await this.users.handle({ type: 'DeleteUser', userId, now: new Date() }, { correlationId });
    await this.sessions.revokeAllOf(userId, 'account-deleted');
    await this.credentials.remove(userId);
    // The authenticator secret and recovery codes never entered the log: deleting them here leaves nothing of them.
    await this.twoFactorSecrets.forget(userId);
    // Which numbers the member proved is personal too; a STOP stays, because it is the number's owner's, not the member's.
    await this.verifiedNumbers.forget(userId);
    // Churches' imports that named the address keep the row's number and outcome, not the person (docs/member-imports.md).
    await this.imports.forgetAddress(email);
    await this.eventStore.eraseSubjectData(userId, USER_PERSONAL_FIELDS);
  }
}
