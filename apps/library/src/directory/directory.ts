import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { MONGO_CONNECTION } from '@abide/platform';
import { unchanged, VersionedDocuments } from '@abide/event-store';
import type { Connection, Model } from 'mongoose';
import {
  type ChurchNameView,
  churchNameSchema,
  type MemberChurchRoles,
  MEMBER_CHURCHES_COLLECTION,
  type GroupView,
  groupSchema,
  type MemberGroupRoles,
  MEMBER_GROUPS_COLLECTION,
  type MemberNameView,
  memberNameSchema,
} from './directory.schema';
import type { DirectoryQueries } from './directory.port';

const isDuplicateKey = (error: unknown) => (error as { code?: number }).code === 11000;

/** What the library knows of other services' data: member names, group names and group membership. */
@Injectable()
export class Directory implements OnModuleInit, DirectoryQueries {
  readonly members: Model<MemberNameView>;
  readonly groups: Model<GroupView>;
  readonly memberGroups: VersionedDocuments<MemberGroupRoles>;
  readonly churches: Model<ChurchNameView>;
  readonly memberChurches: VersionedDocuments<MemberChurchRoles>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.members = connection.models.MemberNameView ?? connection.model<MemberNameView>('MemberNameView', memberNameSchema);
    this.groups = connection.models.GroupView ?? connection.model<GroupView>('GroupView', groupSchema);
    this.churches = connection.models.ChurchNameView ?? connection.model<ChurchNameView>('ChurchNameView', churchNameSchema);
    // Rows written before compare-and-set hold the same JSON shape: their first conditional write gives them a revision.
    this.memberChurches = new VersionedDocuments<MemberChurchRoles>(connection, MEMBER_CHURCHES_COLLECTION);
    this.memberGroups = new VersionedDocuments<MemberGroupRoles>(connection, MEMBER_GROUPS_COLLECTION);
  }

  async onModuleInit(): Promise<void> {
    await Promise.all([this.members.init(), this.groups.init(), this.churches.init()]);
  }

  async nameMember(userId: string, name: string): Promise<void> {
    // A deleted member stays nameless whatever arrives late.
    await upsert(this.members, { _id: userId, deleted: { $ne: true } }, { $set: { name } });
  }

  async forgetMember(userId: string): Promise<void> {
    await upsert(this.members, { _id: userId }, { $set: { name: null, deleted: true } });
    await this.memberGroups.update(userId, () => null);
    await this.memberChurches.update(userId, () => null);
  }

  async nameChurch(churchId: string, name: string): Promise<void> {
    await upsert(this.churches, { _id: churchId }, { $set: { name } });
  }

  /**
   * A member's role in a church after an event of the church's stream (`role` null: they left or were removed). An
   * event older than the one applied last for that church changes nothing. A compare-and-set of the member's document:
   * replicas handling events of several churches of one member at once all land.
   */
  async setChurchRole(churchId: string, userId: string, role: 'admin' | 'member' | null, version: number): Promise<void> {
    await this.memberChurches.update(userId, async (current) => {
      if (!current && (await this.isForgotten(userId))) return unchanged;
      return (current?.[churchId]?.version ?? 0) >= version ? unchanged : { ...current, [churchId]: { role, version } };
    });
  }

  /** The member's churches and their role in each: one read by key. */
  async churchesOf(userId: string): Promise<Map<string, 'admin' | 'member'>> {
    const roles = await this.churchRolesOf(userId);
    return new Map(Object.entries(roles).flatMap(([churchId, r]) => (r.role ? [[churchId, r.role] as [string, 'admin' | 'member']] : [])));
  }

  async churchNames(churchIds: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.churches.find({ _id: { $in: [...new Set(churchIds)] } }).lean<ChurchNameView[]>();
    return new Map(rows.map((r) => [r._id, r.name]));
  }

  private async churchRolesOf(userId: string): Promise<MemberChurchRoles> {
    return (await this.memberChurches.get(userId)) ?? {};
  }

  async nameGroup(groupId: string, name: string): Promise<void> {
    await upsert(this.groups, { _id: groupId }, { $set: { name } });
  }

  /**
   * Whether a member belongs to a group after an event of the group's stream; an event older than the one applied last
   * for that group changes nothing (a join replayed after a leave stays undone). A compare-and-set of the member's
   * document, like churches' roles.
   */
  async setGroupMembership(groupId: string, userId: string, member: boolean, version: number): Promise<void> {
    await this.memberGroups.update(userId, async (current) => {
      if (!current && (await this.isForgotten(userId))) return unchanged;
      return (current?.[groupId]?.version ?? 0) >= version ? unchanged : { ...current, [groupId]: { member, version } };
    });
  }

  /**
   * A deleted member's memberships stay forgotten whatever arrives late or again (membership facts have no inbox row,
   * see DirectoryConsumer). Read only when the member has no document: `forgetMember` names them deleted before it
   * clears their documents, so a write from a document read before the clearing loses its race to it and reads again.
   */
  private async isForgotten(userId: string): Promise<boolean> {
    return (await this.members.findById(userId, { deleted: 1 }).lean<{ deleted?: boolean }>())?.deleted === true;
  }

  /** The member's groups: one read by key (a filter on a member would scan every row on FerretDB v1). */
  async groupsOf(userId: string): Promise<string[]> {
    const groups = (await this.memberGroups.get(userId)) ?? {};
    return Object.entries(groups).flatMap(([groupId, g]) => (g.member ? [groupId] : []));
  }

  async isMember(groupId: string, userId: string): Promise<boolean> {
    return (await this.memberGroups.get(userId))?.[groupId]?.member === true;
  }

  /** One read by key for a page's members (`$in` on `_id`, served by the _id index, locally too: tools/infra/ferretdb). */
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
