import type { Connection } from 'mongoose';
import { eachOnItsOwn, type MigrationLog } from '@abide/platform';
import { peopleDocuments, type Person, sharesProgress } from '../activity/activity.port';
import type { MemberSharing } from './member-sharing';

/** Its marker in `community_migrations` (community.migration.ts). */
export const SHARING_MOVE_MARKER = 'share-progress-per-membership';

/**
 * Sharing progress moved from one choice per member (identity's setting, copied into community's people) to one per
 * membership (#26). A member who had turned it on shares with every group and church they belong to now; one who had
 * not shares with none (a membership starts not sharing, so there is nothing to write). Each member is moved once:
 * once their memberships are set they are recorded in `sharing_moved` (as is a member who chooses for all their
 * memberships after this release, first), and the scan passes over them afterwards, so a later per-group "no" is never
 * undone. A repeated step: it runs at each start until a run finds nobody left, so a member it could not move (a race
 * lost on a stream) is taken at the next start. Every change is decided on the membership's stream as it stands, so a
 * run cut short and repeated writes nothing twice. The people documents it reads are filled by the step before it
 * (member-people-documents): on a fresh database there is nobody to move. Returns how many members it moved plus how
 * many it could not.
 */
export async function moveSharingToMemberships(connection: Connection, sharing: MemberSharing, log: MigrationLog): Promise<number> {
  const meta = { correlationId: `migration:${SHARING_MOVE_MARKER}` };
  const people = peopleDocuments(connection);
  // One scan, once: the documents are JSON under `state` (VersionedDocuments), read by key again before each move.
  const rows = await connection
    .collection<{ _id: string }>(people.collection)
    .find({}, { projection: { _id: 1 } })
    .toArray();
  const { done: moved, failed } = await eachOnItsOwn(
    rows.map((row) => row._id),
    async (userId) => {
      const person: Person | null = await people.get(userId);
      if (!person || person.deleted || !sharesProgress(person) || (await sharing.wasMoved(userId))) return 0;
      await sharing.applyToAll(userId, true, meta);
      await sharing.markMoved(userId);
      return 1;
    },
    { log, message: 'Could not move a member’s sharing choice to their groups and churches', context: (userId) => ({ userId }) },
  );
  if (moved) log.log(`Moved the sharing choice of ${moved} member(s) to each of their groups and churches`);
  if (failed) log.warn(`${failed} member(s) still to move to sharing per group and church; the next start tries again`);
  return moved + failed;
}
