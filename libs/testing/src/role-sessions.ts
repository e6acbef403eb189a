import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { UserSession } from './user-session';

/** The repository's root (this file is libs/testing/src/role-sessions.ts): the operator commands run from there. */
const repoRoot = path.resolve(__dirname, '../../..');

/**
 * A member granted a role (moderator, admin) with the operator command, as an operator would (effective at refresh),
 * who then turns two-factor sign-in on, as the role requires before its routes answer (`session.authenticator`).
 */
export const signUpWithRole = async (role: 'moderator' | 'admin', name: string): Promise<UserSession> => {
  const session = await UserSession.signUp({ name });
  const cli = spawnSync(process.execPath, ['tools/dev/roles.mjs', 'grant', role, session.email], {
    cwd: repoRoot,
    env: { ...process.env, ABIDE_PROFILE: 'test' },
    encoding: 'utf8',
  });
  if (cli.status !== 0) throw new Error(`roles command failed: ${cli.stderr}`);
  await session.enableTwoFactor();
  return session;
};

/** A member with the moderator role, granted as an operator would, with two-factor sign-in on. */
export const signUpModerator = (name = 'Moderator Mary'): Promise<UserSession> => signUpWithRole('moderator', name);
