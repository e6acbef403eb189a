/** What other identity features may use of sessions: starting and ending them, the password re-check and the back-off. */
export { SessionsService, type IssuedSession } from './sessions.service';
export type { SessionMethod } from './session.schema';
export { CurrentPassword } from './current-password.service';
export { SignInBackoff } from './sign-in-backoff.service';
