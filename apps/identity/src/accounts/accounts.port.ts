/**
 * What other identity features may use of accounts (docs/architecture.md, "Feature boundaries"): the account queries,
 * the user stream for commands, and the password check's parts.
 */
export { AccountQueries } from './account.queries';
export type { UserView } from './projections/user.schema';
export { UserStream, userStreamId } from './user-stream.commands';
export { userDecider, type UserState } from './domain/user.decider';
export { assertCanEnrol } from './domain/two-factor.decider';
export { toUserResponse } from './dto/user-response.dto';
export { ConfirmEmailHandler } from './confirm-email.commands';
export { CredentialsRepository } from './credentials.store';
export { PasswordHasher } from './password-hasher';
export { PasswordPolicy } from './password-policy.service';
