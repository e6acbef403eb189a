import { Inject, Injectable } from '@nestjs/common';
import { type Projection, type StoredEvent, withDocument } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import { applyToRoster, emptyRoster, forgetRatingsOf, type GroupRoster, groupRosterEvents } from '../domain/group-roster';
import { type JsonDocument, jsonDocumentModel, readJson, writeJson } from '../../read-models/json-document';

/**
 * Each group's current members, pending requests and ratings as one keyed document (`group_rosters`, `_id` = the
 * group): what cards, the member list and the leaders' dashboard read, whatever the number of groups.
 */
@Injectable()
export class GroupRosterProjection implements Projection<(typeof groupRosterEvents)[number]> {
  readonly name = 'group-roster';
  readonly handles = groupRosterEvents;
  /** Added after groups existed: filled from the log once, at the first start that has it. */
  readonly backfill = true;
  private readonly model: Model<JsonDocument>;
  private readonly connection: Connection;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.connection = connection;
    this.model = jsonDocumentModel(connection, 'GroupRoster', 'group_rosters');
  }

  async apply(event: StoredEvent<(typeof groupRosterEvents)[number]>): Promise<void> {
    const { groupId } = event.data;
    // A replayed rating of an account deleted since (its ratings were purged) stays forgotten.
    const kept = event.type !== 'community.group.meeting-rated' || !(await this.isDeleted(event.data.userId));
    await withDocument(this.model as unknown as Model<unknown>, groupId, async () => {
      const roster = await this.read(groupId);
      if (applyToRoster(roster, event, kept)) await writeJson(this.model, groupId, roster);
    });
  }

  /** The group's roster (empty before its first member): one read by key. */
  read(groupId: string): Promise<GroupRoster> {
    return readJson(this.model, groupId, emptyRoster);
  }

  /** Community's tombstone of a deleted account (see MemberActivityStore), read by key. */
  private async isDeleted(userId: string): Promise<boolean> {
    const person = await this.connection.collection<{ _id: string; deleted?: boolean }>('people').findOne({ _id: userId });
    return person?.deleted === true;
  }

  /** Account deletion is rare: looking through every roster for the member's ratings in groups they left is fine there. */
  async purgeSubject(subjectId: string): Promise<void> {
    const ids = (await this.model.find({}, { _id: 1 }).lean<Array<{ _id: string }>>()).map((d) => d._id);
    for (const id of ids) {
      await withDocument(this.model as unknown as Model<unknown>, id, async () => {
        const roster = await this.read(id);
        if (forgetRatingsOf(roster, subjectId)) await writeJson(this.model, id, roster);
      });
    }
  }

  async reset(): Promise<void> {
    await this.model.deleteMany({});
  }
}
