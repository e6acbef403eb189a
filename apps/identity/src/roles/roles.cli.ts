import { userInfo } from 'node:os';
import { runIdentityCli } from '../accounts/cli.port';
import { ChangeRole, parseRoleChange } from './change-role';

/** Operator command: `npm run roles -- grant moderator someone@example.com` (or `revoke`). */
runIdentityCli('roles', ChangeRole, [], async (changeRole) => {
  const change = parseRoleChange(process.argv.slice(2), `operator:${userInfo().username}`);
  const roles = await changeRole.execute(change);
  return `${change.email} now has the roles: ${roles.join(', ')} (effective at their next token refresh)`;
});
