import { Injectable } from '@nestjs/common';
import { OneTimeMigration } from '@abide/platform';
import { peopleDocuments, type Person, sharesProgress } from '../activity/activity.port';
import { MemberSharing } from './member-sharing';

export const SHARING_MOVE_MARKER = 'share-progress-per-membership';

/**
 * Sharing progress moved from one choice per member (identity's setting, copied into community's people) to one per
 * membership (#26). A member who had turned it on shares with every group and church they belong to now; one who had
 * not shares with none (a membership starts not sharing, so there is nothing to write). Each member is moved once:
 * once their memberships are set they are recorded in `sharing_moved` (as is a member who chooses for all their
 * memberships after this release, first), and the scan passes over them afterwards, so a later per-group "no" is never
 * undone. Instances starting at once run it one at a time (a repeated step), and it runs at each start until a run
 * finds nobody left, so a member it could not move (a race lost on a stream) is taken at the next start. Every change
 * is decided on the membership's stream as it stands, so a run cut short and repeated writes nothing twice.
 * The people documents it reads were filled at an earlier release's start (member-people-documents): on a fresh
 * database there is nobody to move.
 */
@Injectable()
export class SharingMove extends OneTimeMigration {
  constructor(private readonly sharing: MemberSharing) {
    super('community_migrations');
  }

  protected steps() {
    return {
      [SHARING_MOVE_MARKER]: {
        untilNothingLeft: async () => {
          const { moved, failed } = await this.move();
          if (failed) this.logger.warn(`${failed} member(s) still to move to sharing per group and church; the next start tries again`);
          return moved + failed;
        },
      },
    };
  }

  /** Moves every member who shared and was not moved yet: how many it moved, and how many it could not. */
  async move(): Promise<{ moved: number; failed: number }> {
    const meta = { correlationId: `migration:${SHARING_MOVE_MARKER}` };
    const people = peopleDocuments(this.connection);
    // One scan, once: the documents are JSON under `state` (VersionedDocuments), read by key again before each move.
    const rows = await this.connection
      .collection<{ _id: string }>(people.collection)
      .find({}, { projection: { _id: 1 } })
      .toArray();
    const { done: moved, failed } = await this.eachOnItsOwn(
      rows.map((row) => row._id),
      async (userId) => {
        const person: Person | null = await people.get(userId);
        if (!person || person.deleted || !sharesProgress(person) || (await this.sharing.wasMoved(userId))) return 0;
        await this.sharing.applyToAll(userId, true, meta);
        await this.sharing.markMoved(userId);
        return 1;
      },
      { message: 'Could not move a member’s sharing choice to their groups and churches', context: (userId) => ({ userId }) },
    );
    if (moved) this.logger.log(`Moved the sharing choice of ${moved} member(s) to each of their groups and churches`);
    return { moved, failed };
  }
}
