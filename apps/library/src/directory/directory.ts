import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import { type GroupView, groupSchema, type MemberNameView, memberNameSchema, type MembershipView, membershipSchema } from './directory.schema';

const isDuplicateKey = (error: unknown) => (error as { code?: number }).code === 11000;

/** What the library knows of other services' data: member names, group names and group membership. */
@Injectable()
export class Directory implements OnModuleInit {
  readonly members: Model<MemberNameView>;
  readonly groups: Model<GroupView>;
  readonly memberships: Model<MembershipView>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.members = connection.models.MemberNameView ?? connection.model<MemberNameView>('MemberNameView', memberNameSchema);
    this.groups = connection.models.GroupView ?? connection.model<GroupView>('GroupView', groupSchema);
    this.memberships = connection.models.MembershipView ?? connection.model<MembershipView>('MembershipView', membershipSchema);
  }

  async onModuleInit(): Promise<void> {
    await Promise.all([this.members.init(), this.groups.init(), this.memberships.init()]);
  }

  async nameMember(userId: string, name: string): Promise<void> {
    // A deleted member stays nameless whatever arrives late.
    await upsert(this.members, { _id: userId, deleted: { $ne: true } }, { $set: { name } });
  }

  async forgetMember(userId: string): Promise<void> {
    await upsert(this.members, { _id: userId }, { $set: { name: null, deleted: true } });
    await this.memberships.deleteMany({ userId });
  }

  async nameGroup(groupId: string, name: string): Promise<void> {
    await upsert(this.groups, { _id: groupId }, { $set: { name } });
  }

  async join(groupId: string, userId: string): Promise<void> {
    await upsert(this.memberships, { _id: `${groupId}:${userId}` }, { $set: { groupId, userId } });
  }

  async leave(groupId: string, userId: string): Promise<void> {
    await this.memberships.deleteOne({ _id: `${groupId}:${userId}` });
  }

  async groupsOf(userId: string): Promise<string[]> {
    const rows = await this.memberships.find({ userId }, { groupId: 1 }).lean<Pick<MembershipView, 'groupId'>[]>();
    return rows.map((r) => r.groupId);
  }

  async isMember(groupId: string, userId: string): Promise<boolean> {
    return (await this.memberships.exists({ _id: `${groupId}:${userId}` })) !== null;
  }

  async namesOf(userIds: readonly string[]): Promise<Map<string, string | null>> {
    const rows = await this.members.find({ _id: { $in: [...new Set(userIds)] } }).lean<MemberNameView[]>();
    return new Map(rows.map((r) => [r._id, r.name]));
  }

  async groupNames(groupIds: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.groups.find({ _id: { $in: [...new Set(groupIds)] } }).lean<GroupView[]>();
    return new Map(rows.map((r) => [r._id, r.name]));
  }
}

/** Upserts are not atomic on FerretDB v1: a racing insert of the same _id loses, and its update is applied again. */
const upsert = async <T>(model: Model<T>, filter: Record<string, unknown>, update: Record<string, unknown>): Promise<void> => {
  try {
    await model.updateOne(filter as never, update as never, { upsert: true });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    await model.updateOne(filter as never, update as never);
  }
};
