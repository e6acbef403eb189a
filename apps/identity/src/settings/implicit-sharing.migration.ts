import type { EventStore } from '@abide/event-store';
import { eachOnItsOwn, type MigrationLog } from '@abide/platform';
import type { UserCommands } from '../accounts/accounts.port';

/** Its marker in `identity_migrations` (identity.migration.ts). */
export const IMPLICIT_SHARING_MARKER = 'share-progress-implicit-ended';

/**
 * Sharing progress with groups and churches is off until the member turns it on (#26). Before, an account that never
 * chose shared by default; this step records each such account as not sharing, with an
 * `identity.user.settings-updated` event on its stream, so identity's view, formation's and community's copies (over
 * Kafka) all follow. A member who chose, on or off, keeps their choice. A repeated step: it runs at each start until a
 * run finds nothing left, so an account it could not record (or an old instance's new account, during a rollout) is
 * taken at the next start; each account is decided on its stream as it stands, so a repeated run records nothing
 * twice. One member's stream never stops identity's start. Returns how many it recorded plus how many it could not.
 */
export async function endImplicitSharing(users: UserCommands, events: EventStore, log: MigrationLog): Promise<number> {
  const meta = { correlationId: `migration:${IMPLICIT_SHARING_MARKER}` };
  const { done: ended, failed } = await eachOnItsOwn(
    await events.subjectsWith('identity.user.registered'),
    async (userId) => (await users.handle({ type: 'EndImplicitSharing', userId }, meta)).length,
    { log, message: 'Could not record an account as not sharing its progress', context: (userId) => ({ userId }) },
  );
  if (ended) log.log(`Recorded ${ended} account(s) that never chose as not sharing their progress`);
  if (failed) log.warn(`${failed} account(s) still share by the old default; the next start tries again`);
  return ended + failed;
}
