import { Inject, Injectable } from '@nestjs/common';
import { EventStore, type Followed, OrderedJsonProjection, type StoredEvent, unchanged, type VersionedDocuments } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { peopleDocuments, type Person } from '../../activity/activity.port';
import { GROUP_ROSTERS } from '../../memberships/memberships.port';
import { groupInputsChanged } from '../../read-models/group-generations';
import { applyToRoster, emptyRoster, forgetRatingsOf, type GroupRoster, groupRosterEvents } from '../domain/group-roster';

type Handled = (typeof groupRosterEvents)[number];

/**
 * Each group's current members, pending requests and ratings as one keyed document (`group_rosters_v2`, `_id` = the
 * group): what cards, the member list and the leaders' dashboard read, whatever the number of groups, and what the
 * members' groups copy their membership from (GROUP_ROSTERS).
 */
@Injectable()
export class GroupRosterProjection extends OrderedJsonProjection<GroupRoster, Handled> {
  /** Renamed when its documents began to keep their stream's position: filled again from the log at the first start. */
  readonly name = GROUP_ROSTERS.projection;
  readonly backfill = true;
  readonly handles = groupRosterEvents;
  private readonly people: VersionedDocuments<Person>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection, log: EventStore) {
    super(connection, GROUP_ROSTERS.collection, log, emptyRoster, ['group_rosters']);
    this.people = peopleDocuments(connection);
  }

  /** The group's kept card and dashboard read its roster. */
  protected override afterApply(event: StoredEvent<Handled>): Promise<void> {
    return groupInputsChanged(this.connection, [event.data.groupId]);
  }

  protected keyOf(event: StoredEvent<Handled>): string {
    return event.data.groupId;
  }

  protected async change(roster: GroupRoster, event: StoredEvent<Handled>): Promise<boolean> {
    // A replayed rating of an account deleted since (its ratings were purged) stays forgotten.
    const kept = event.type !== 'community.group.meeting-rated' || !(await this.isDeleted(event.data.userId));
    return applyToRoster(roster, event, kept);
  }

  /** Community's tombstone of a deleted account (see MemberActivityStore), read by key. */
  private async isDeleted(userId: string): Promise<boolean> {
    return (await this.people.get(userId))?.deleted === true;
  }

  /** A member's meeting ratings in every group, for their data export (rare: looking through every roster is fine there). */
  async ratingsBy(userId: string): Promise<Array<{ groupId: string; weekStart: string; rating: number }>> {
    const rows = await this.rows.model.find().lean<Array<{ _id: string; state: string | null }>>();
    return rows.flatMap((row) => {
      const roster = row.state ? (JSON.parse(row.state) as Followed<GroupRoster>).value : null;
      return Object.entries(roster?.ratings ?? {}).flatMap(([key, rating]) => {
        const [rater, weekStart] = key.split(':');
        return rater === userId ? [{ groupId: row._id, weekStart, rating }] : [];
      });
    });
  }

  /** Account deletion is rare: looking through every roster for the member's ratings in groups they left is fine there. */
  async purgeSubject(subjectId: string): Promise<void> {
    const ids = (await this.rows.model.find({}, { _id: 1 }).lean<Array<{ _id: string }>>()).map((d) => d._id);
    for (const id of ids) {
      await this.rows.update(id, (doc) => (doc?.value && forgetRatingsOf(doc.value, subjectId) ? doc : unchanged));
    }
  }
}
