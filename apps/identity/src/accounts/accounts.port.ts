import type { Aggregate, AppendMeta, StoredEvent } from '@abide/event-store';
import type { PasswordOwner } from './domain/password-policy';
import type { UserCommand, UserState } from './domain/user.decider';
import type { Credentials } from './projections/credentials.schema';
import type { UserView } from './projections/user.schema';

/**
 * What other identity features may use of accounts (docs/structure.md, "Ports"): the account queries, the user
 * stream's commands, the e-mail confirmation, and the password's parts (credentials, hashing, strength).
 */
export type { Credentials, PasswordOwner, UserCommand, UserState, UserView };
export { userStreamId } from './user-stream.commands';
export { userDecider } from './domain/user.decider';
export { assertCanEnrol } from './domain/two-factor.decider';
export { toUserResponse } from './dto/user-response.dto';

/** Accounts as the read model shows them. */
export abstract class Accounts {
  /** The account's view, or null for an unknown or deleted one. */
  abstract findById(userId: string): Promise<UserView | null>;
  abstract findByEmail(email: string): Promise<UserView | null>;
  /** The members a text from `phoneNumber` (E.164) may come from. */
  abstract membersTextingFrom(phoneNumber: string): Promise<string[]>;
  /** The account with this address (any case), or null. */
  abstract ownerOfEmail(email: string): Promise<string | null>;
}

/** The user stream: a command decided against the account's history, and that history's state. */
export abstract class UserCommands {
  abstract handle(command: UserCommand, meta: AppendMeta): Promise<StoredEvent[]>;
  /** The write side's view of a user (version 0: no such stream), one keyed read however long its history. */
  abstract load(userId: string): Promise<Aggregate<UserState>>;
}

/** Confirming an account's address, and the stream's truth about it. */
export abstract class EmailConfirmation {
  abstract execute(userId: string, correlationId: string): Promise<void>;
  /** The write-side truth (the stream), for sign-in's "is the e-mail confirmed" and "is the account deleted". */
  abstract statusOf(userId: string): Promise<UserState>;
}

/** The password hashes, kept out of the event log; the unique e-mail index reserves an address. */
export abstract class PasswordCredentials {
  abstract findByEmail(email: string): Promise<Credentials | null>;
  abstract findById(userId: string): Promise<Credentials | null>;
  /** Reserves the address for a new account: a duplicate key error (11000) when another account holds it. */
  abstract create(credentials: Credentials): Promise<void>;
  abstract remove(userId: string): Promise<void>;
  abstract setPasswordHash(userId: string, passwordHash: string): Promise<void>;
}

export abstract class PasswordHashing {
  abstract hash(password: string): Promise<string>;
  abstract verify(hash: string, password: string): Promise<boolean>;
}

export abstract class PasswordStrength {
  /** Throws the 422 WEAK_PASSWORD problem with one field error per reason. */
  abstract assertStrong(password: string, owner: PasswordOwner, field?: string): void;
}
