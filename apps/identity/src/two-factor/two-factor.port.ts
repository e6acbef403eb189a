/** What other identity features may use of two-factor sign-in: the challenge after a first factor, and the secrets' erasure. */
export { SignInChallenges, type SessionOrChallenge } from './sign-in-challenges.service';
export { TwoFactorSecrets } from './two-factor-secrets.store';
