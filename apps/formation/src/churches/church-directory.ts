import { Inject, Injectable } from '@nestjs/common';
import { VersionedDocuments } from '@abide/event-store';
import { updateFrom } from '../shared/update-from';
import type { ChurchRole } from '@abide/contracts';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';

/** A fact with the version of the stream it came from: an older event never undoes a newer one. */
interface Versioned<T> {
  value: T;
  v: number;
}
type Facts<T> = Record<string, Versioned<T>>;

/** Per member: their role in each church (null: left), from `community.church.v1`. */
type MemberChurches = Facts<ChurchRole | null>;
/** Per member: whether they belong to each group, from `community.group.v1`. */
type MemberGroups = Facts<boolean>;
interface ChurchFacts {
  name: Versioned<string> | null;
  timeZone: Versioned<string> | null;
  members: Facts<ChurchRole | null>;
}
/** Per church: which groups belong to it, each by its own group stream's version. */
type ChurchGroups = Facts<boolean>;
interface GroupFacts {
  name: Versioned<string> | null;
  church: Versioned<string | null> | null;
  members: Facts<boolean>;
}

const newer = <T>(facts: Facts<T>, key: string, value: T, v: number): Facts<T> =>
  (facts[key]?.v ?? 0) >= v ? facts : { ...facts, [key]: { value, v } };
const newerField = <T>(current: Versioned<T> | null, value: T, v: number): Versioned<T> | null =>
  (current?.v ?? 0) >= v ? current : { value, v };
const present = <T>(facts: Facts<T>, keep: (value: T) => boolean): string[] =>
  Object.entries(facts).flatMap(([key, f]) => (keep(f.value) ? [key] : []));

export interface ChurchSummary {
  churchId: string;
  name: string;
  timeZone: string;
}

/**
 * What formation knows of churches and groups, learnt from community's events (docs/churches.md): who belongs to which
 * church with which role, which groups belong to a church, who belongs to a group. Every fact keeps the version of the
 * stream it came from, as the library's directory does, so redelivered or late events never undo newer ones. Each
 * collection is written from one topic only and read by key: a role check is one read.
 */
@Injectable()
export class ChurchDirectory {
  private readonly memberChurches: VersionedDocuments<MemberChurches>;
  private readonly memberGroups: VersionedDocuments<MemberGroups>;
  private readonly churches: VersionedDocuments<ChurchFacts>;
  private readonly churchGroups: VersionedDocuments<ChurchGroups>;
  private readonly groups: VersionedDocuments<GroupFacts>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.memberChurches = new VersionedDocuments(connection, 'directory_member_churches');
    this.memberGroups = new VersionedDocuments(connection, 'directory_member_groups');
    this.churches = new VersionedDocuments(connection, 'directory_churches');
    this.churchGroups = new VersionedDocuments(connection, 'directory_church_groups');
    this.groups = new VersionedDocuments(connection, 'directory_groups');
  }

  // ---- facts, from the consumer ----

  async churchProfile(churchId: string, v: number, changes: { name?: string; timeZone?: string }): Promise<void> {
    await updateFrom(this.churches, churchId, emptyChurch, (c) => ({
      ...c,
      name: changes.name === undefined ? c.name : newerField(c.name, changes.name, v),
      timeZone: changes.timeZone === undefined ? c.timeZone : newerField(c.timeZone, changes.timeZone, v),
    }));
  }

  /** A member's role in a church after an event of its stream (null: they left or were removed). */
  async churchRole(churchId: string, userId: string, role: ChurchRole | null, v: number): Promise<void> {
    await updateFrom(this.churches, churchId, emptyChurch, (c) => ({ ...c, members: newer(c.members, userId, role, v) }));
    await updateFrom(this.memberChurches, userId, () => ({}), (m) => newer(m, churchId, role, v));
  }

  async groupName(groupId: string, name: string, v: number): Promise<void> {
    await updateFrom(this.groups, groupId, emptyGroup, (g) => ({ ...g, name: newerField(g.name, name, v) }));
  }

  /** The group joined a church (`churchId`) or left it (null; `previous` names the church it left). */
  async groupChurch(groupId: string, churchId: string | null, previous: string, v: number): Promise<void> {
    await updateFrom(this.groups, groupId, emptyGroup, (g) => ({ ...g, church: newerField(g.church, churchId, v) }));
    await updateFrom(this.churchGroups, churchId ?? previous, () => ({}), (facts) => newer(facts, groupId, churchId !== null, v));
  }

  async groupMember(groupId: string, userId: string, member: boolean, v: number): Promise<void> {
    await updateFrom(this.groups, groupId, emptyGroup, (g) => ({ ...g, members: newer(g.members, userId, member, v) }));
    await updateFrom(this.memberGroups, userId, () => ({}), (m) => newer(m, groupId, member, v));
  }

  /** Account deletion: the member's own documents go (community's removals clear them from churches and groups). */
  async forgetMember(userId: string): Promise<void> {
    await this.memberChurches.model.deleteOne({ _id: userId });
    await this.memberGroups.model.deleteOne({ _id: userId });
  }

  // ---- reads, all by key ----

  /** The member's role in the church, or null when they do not belong to it (one read). */
  async roleOf(userId: string, churchId: string): Promise<ChurchRole | null> {
    return (await this.memberChurches.get(userId))?.[churchId]?.value ?? null;
  }

  /** The member's churches with their role, and their groups (two reads). */
  async membershipsOf(userId: string): Promise<{ churches: Map<string, ChurchRole>; groupIds: string[] }> {
    const [churches, groups] = await Promise.all([this.memberChurches.get(userId), this.memberGroups.get(userId)]);
    return {
      churches: new Map(Object.entries(churches ?? {}).flatMap(([id, f]) => (f.value ? [[id, f.value] as [string, ChurchRole]] : []))),
      groupIds: present(groups ?? {}, Boolean),
    };
  }

  /** The church's name and time zone; null before its `created` event arrived. */
  async church(churchId: string): Promise<ChurchSummary | null> {
    const facts = await this.churches.get(churchId);
    if (!facts?.name) return null;
    return { churchId, name: facts.name.value, timeZone: facts.timeZone?.value ?? 'UTC' };
  }

  async churchMemberIds(churchId: string): Promise<string[]> {
    return present((await this.churches.get(churchId))?.members ?? {}, (role) => role !== null);
  }

  /** The groups that belong to the church now, with their names (one read, then one per group). */
  async groupsOf(churchId: string): Promise<Array<{ groupId: string; name: string }>> {
    const ids = present((await this.churchGroups.get(churchId)) ?? {}, Boolean);
    const groups = await this.groups.getMany(ids);
    return ids
      .map((groupId) => ({ groupId, name: groups.get(groupId)?.name?.value ?? 'A group' }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /** Each group's church (null: none) and name. */
  async groupFacts(groupIds: readonly string[]): Promise<Map<string, { churchId: string | null; name: string; memberIds: string[] }>> {
    const groups = await this.groups.getMany(groupIds);
    return new Map(
      [...groups].map(([id, g]) => [id, { churchId: g.church?.value ?? null, name: g.name?.value ?? 'A group', memberIds: present(g.members, Boolean) }]),
    );
  }
}

const emptyChurch = (): ChurchFacts => ({ name: null, timeZone: null, members: {} });
const emptyGroup = (): GroupFacts => ({ name: null, church: null, members: {} });
