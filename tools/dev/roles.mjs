// `npm run roles -- grant moderator someone@example.com`: runs identity's operator command against the dev stack
// (ABIDE_PROFILE=test for the test stack).
import { runRolesCommand } from '../stack/roles.mjs';

process.exit(runRolesCommand(process.env.ABIDE_PROFILE === 'test' ? 'test' : 'dev', process.argv.slice(2)));
