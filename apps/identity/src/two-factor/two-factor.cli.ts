import { userInfo } from 'node:os';
import { runIdentityCli } from '../accounts/cli.port';
import { parseTwoFactorReset, ResetTwoFactor } from './reset-two-factor';
import { TwoFactorSecrets } from './two-factor-secrets.store';

/** Operator command: `npm run two-factor -- reset someone@example.com` (a member who lost their phone and recovery codes). */
runIdentityCli('two-factor', ResetTwoFactor, [TwoFactorSecrets], async (reset) => {
  const email = parseTwoFactorReset(process.argv.slice(2));
  return (await reset.execute(email, userInfo().username))
    ? `${email}: two-factor sign-in is off and its secret deleted; the password signs in again (a moderator or admin must turn it on again)`
    : `${email}: two-factor sign-in was not on`;
});
