import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { MONGO_CONNECTION, runUntilNothingLeft } from '@abide/platform';
import type { Connection } from 'mongoose';
import { peopleDocuments, type Person, sharesProgress } from '../activity/activity.port';
import { MemberSharing } from './member-sharing';

export const SHARING_MOVE_MARKER = 'share-progress-per-membership';

/**
 * Sharing progress moved from one choice per member (identity's setting, copied into community's people) to one per
 * membership (#26). A member who had turned it on shares with every group and church they belong to now; one who had
 * not shares with none (a membership starts not sharing, so there is nothing to write). Each member is moved once:
 * once their memberships are set they are recorded in `sharing_moved` (as is a member who chooses for all their
 * memberships after this release, first), and the scan passes over them afterwards, so a later per-group "no" is never
 * undone. Instances starting at once run it one at a time (runUntilNothingLeft), and it runs at each start until a run
 * finds nobody left, so a member it could not move (a race lost on a stream) is taken at the next start. Every change
 * is decided on the membership's stream as it stands, so a run cut short and repeated writes nothing twice.
 * The people documents it reads were filled at an earlier release's start (member-people-documents): on a fresh
 * database there is nobody to move.
 */
@Injectable()
export class SharingMove implements OnApplicationBootstrap {
  private readonly logger = new Logger(SharingMove.name);

  constructor(
    private readonly sharing: MemberSharing,
    @Inject(MONGO_CONNECTION) private readonly connection: Connection,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await runUntilNothingLeft(this.connection, 'community_migrations', SHARING_MOVE_MARKER, async () => {
      const { moved, failed } = await this.move();
      if (failed) this.logger.warn(`${failed} member(s) still to move to sharing per group and church; the next start tries again`);
      return moved + failed;
    });
  }

  /** Moves every member who shared and was not moved yet: how many it moved, and how many it could not. */
  async move(): Promise<{ moved: number; failed: number }> {
    const meta = { correlationId: `migration:${SHARING_MOVE_MARKER}` };
    const people = peopleDocuments(this.connection);
    let moved = 0;
    let failed = 0;
    // One scan, once: the documents are JSON under `state` (VersionedDocuments), read by key again before each move.
    const rows = await this.connection.collection<{ _id: string }>(people.collection).find({}, { projection: { _id: 1 } }).toArray();
    for (const { _id: userId } of rows) {
      const person: Person | null = await people.get(userId);
      if (!person || person.deleted || !sharesProgress(person) || (await this.sharing.wasMoved(userId))) continue;
      try {
        await this.sharing.applyToAll(userId, true, meta);
        await this.sharing.markMoved(userId);
        moved += 1;
      } catch (error) {
        // One member's streams must not stop the others.
        failed += 1;
        this.logger.warn({ userId, err: error }, 'Could not move a member’s sharing choice to their groups and churches');
      }
    }
    if (moved) this.logger.log(`Moved the sharing choice of ${moved} member(s) to each of their groups and churches`);
    return { moved, failed };
  }
}
