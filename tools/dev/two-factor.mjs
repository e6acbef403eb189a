// `npm run two-factor -- reset someone@example.com`: turns off a member's two-factor sign-in (they lost their phone and
// their recovery codes) on the dev stack (ABIDE_PROFILE=test for the test stack). `npm run two-factor -- code` prints the
// demo moderator's current code (the key `npm start` enrolled, kept beside the engines' data).
import { demoModeratorCode } from './seed/demo-two-factor.mjs';
import { runIdentityCommand } from '../stack/roles.mjs';

const profile = process.env.ABIDE_PROFILE === 'test' ? 'test' : 'dev';
const [action] = process.argv.slice(2);
if (action === 'code') {
  const code = demoModeratorCode(profile);
  if (!code) {
    process.stderr.write('No demo two-factor key yet: `npm start` enrols the demo moderator.\n');
    process.exit(1);
  }
  process.stdout.write(`${code.email}: ${code.code} (valid for ${code.secondsLeft} more seconds)\n`);
} else {
  process.exit(runIdentityCommand('two-factor', profile, process.argv.slice(2)));
}
