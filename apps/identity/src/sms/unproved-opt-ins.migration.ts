import type { EventStore } from '@abide/event-store';
import { eachOnItsOwn, type MigrationLog } from '@abide/platform';
import type { UserCommands } from '../accounts/accounts.port';
import type { ProvedNumbers } from './sms.port';

/** Its marker in `identity_migrations` (identity.migration.ts). */
export const UNPROVED_OPT_INS_MARKER = 'sms-unproved-opt-ins-ended';

/**
 * Ends the opt-ins to reminder texts made before numbers had to be proved, at numbers their members never proved
 * (docs/architecture.md, "Text messages"): `identity.user.sms-opted-out` with `source: number-not-verified` on the
 * member's stream, so formation stops the reminders as for any opt-out, and Settings says why. A repeated step: it
 * runs at every start until one finds nothing left, since an instance of the release before may still record such
 * opt-ins while this one rolls out. Replicas starting together each decide on the stream as it stands, so an opt-in
 * ends once. Returns how many opt-ins this run ended, plus those it could not end (so the next start tries them again).
 */
export async function endUnprovedOptIns(
  users: UserCommands,
  events: EventStore,
  proved: ProvedNumbers,
  log: MigrationLog,
): Promise<number> {
  const meta = { correlationId: `migration:${UNPROVED_OPT_INS_MARKER}` };
  // Every member who ever opted in; the stream says whether an opt-in still stands, and at which number.
  const { done: ended, failed } = await eachOnItsOwn(
    await events.subjectsWith('identity.user.sms-opted-in'),
    async (userId) => {
      const { state } = await users.load(userId);
      const number = state.smsOptedInNumber;
      if (!number || state.deleted || (await proved.isVerifiedBy(userId, number))) return 0;
      return (await users.handle({ type: 'EndUnprovedOptIn', userId, number, now: new Date() }, meta)).length;
    },
    { log, message: 'Could not end an opt-in at a number never proved; the next start tries again', context: (userId) => ({ userId }) },
  );
  if (ended) log.log(`Ended ${ended} opt-in(s) to texts at numbers never proved`);
  return ended + failed;
}
