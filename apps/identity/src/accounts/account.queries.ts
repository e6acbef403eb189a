import { Injectable } from '@nestjs/common';
import { UserEmailsProjection } from './projections/user-emails.projection';
import { UserProjection } from './projections/user.projection';
import type { UserView } from './projections/user.schema';

/** What other identity features read of accounts: keyed lookups over the account read models, nothing else. */
@Injectable()
export class AccountQueries {
  constructor(
    private readonly users: UserProjection,
    private readonly emails: UserEmailsProjection,
  ) {}

  /** The account's view, or null for an unknown or deleted one. */
  findById(userId: string): Promise<UserView | null> {
    return this.users.findById(userId);
  }

  findByEmail(email: string): Promise<UserView | null> {
    return this.users.findByEmail(email);
  }

  /** The members a text from `phoneNumber` (E.164) may come from. */
  membersTextingFrom(phoneNumber: string): Promise<string[]> {
    return this.users.membersTextingFrom(phoneNumber);
  }

  /** The account with this address (any case), or null. */
  ownerOfEmail(email: string): Promise<string | null> {
    return this.emails.ownerOf(email);
  }
}
