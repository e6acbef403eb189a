import { Inject, Injectable } from '@nestjs/common';
import { type Projection, type StoredEvent, withDocument } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import { applyToMemberGroups, emptyMemberGroups, type MemberGroups, memberGroupsEvents } from '../domain/member-groups';
import { type JsonDocument, jsonDocumentModel, readJson, writeJson } from '../../read-models/json-document';

/** Each member's groups and pending requests as one keyed document (`member_groups`, `_id` = the member): My Groups. */
@Injectable()
export class MemberGroupsProjection implements Projection<(typeof memberGroupsEvents)[number]> {
  readonly name = 'member-groups';
  readonly handles = memberGroupsEvents;
  /** Added after groups had members: filled from the log once, at the first start that has it. */
  readonly backfill = true;
  private readonly model: Model<JsonDocument>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.model = jsonDocumentModel(connection, 'MemberGroups', 'member_groups');
  }

  async apply(event: StoredEvent<(typeof memberGroupsEvents)[number]>): Promise<void> {
    const { userId } = event.data;
    await withDocument(this.model as unknown as Model<unknown>, userId, async () => {
      const doc = await this.read(userId);
      if (applyToMemberGroups(doc, event)) await writeJson(this.model, userId, doc);
    });
  }

  /** The member's document (empty before their first group): one read by key. */
  read(userId: string): Promise<MemberGroups> {
    return readJson(this.model, userId, emptyMemberGroups);
  }

  async purgeSubject(subjectId: string): Promise<void> {
    await this.model.deleteOne({ _id: subjectId });
  }

  async reset(): Promise<void> {
    await this.model.deleteMany({});
  }
}
