import { Injectable } from '@nestjs/common';
import { metaCausedBy } from '@abide/event-store';
import type { EventHandlers } from '@abide/messaging';
import { ChurchDirectory } from './church-directory';
import { ChurchMembershipListeners } from './church-membership-changes';
import { MemberChanges } from '../members/members.port';

/** What formation does with community's church and group events (apart from the Kafka wiring, so tests can feed it). */
@Injectable()
export class CommunityEvents {
  constructor(
    private readonly directory: ChurchDirectory,
    private readonly changes: ChurchMembershipListeners,
    private readonly members: MemberChanges,
  ) {}

  /** Who runs and belongs to which church (the membership facts of docs/churches.md), with the church's name and zone. */
  readonly churches: EventHandlers = {
    'community.church.created': (e) =>
      this.directory.churchProfile(e.data.churchId, e.version, { name: e.data.name, timeZone: e.data.timeZone }),
    'community.church.profile-updated': (e) =>
      this.directory.churchProfile(e.data.churchId, e.version, { name: e.data.name, timeZone: e.data.timeZone }),
    'community.church.member-joined': async (e) => {
      await this.directory.churchRole(e.data.churchId, e.data.userId, e.data.role, e.version);
      await this.changes.changed({ userIds: [e.data.userId], meta: metaCausedBy(e) });
    },
    'community.church.member-role-changed': (e) => this.directory.churchRole(e.data.churchId, e.data.userId, e.data.role, e.version),
    'community.church.member-left': async (e) => {
      await this.directory.churchRole(e.data.churchId, e.data.userId, null, e.version);
      await this.stopsSharing(e.data.churchId, e.data.userId, metaCausedBy(e));
      await this.changes.changed({ userIds: [e.data.userId], meta: metaCausedBy(e) });
    },
    'community.church.member-removed': async (e) => {
      await this.directory.churchRole(e.data.churchId, e.data.userId, null, e.version);
      await this.stopsSharing(e.data.churchId, e.data.userId, metaCausedBy(e));
      await this.changes.changed({ userIds: [e.data.userId], meta: metaCausedBy(e) });
    },
    // Whether the church's curriculum progress counts the member: their choice on the church membership (#26).
    'community.church.member-sharing-changed': (e) =>
      this.members.setChurchSharing(e.data.userId, e.data.churchId, e.data.shares, metaCausedBy(e)),
  };

  /** Groups: their names, their church, their members. */
  readonly groups: EventHandlers = {
    'community.group.created': (e) => this.directory.groupName(e.data.groupId, e.data.name, e.version),
    'community.group.updated': async (e) => {
      if (e.data.name) await this.directory.groupName(e.data.groupId, e.data.name, e.version);
    },
    'community.group.member-joined': async (e) => {
      await this.directory.groupMember(e.data.groupId, e.data.userId, true, e.version);
      await this.changes.changed({ userIds: [e.data.userId], meta: metaCausedBy(e) });
    },
    'community.group.member-left': async (e) => {
      await this.directory.groupMember(e.data.groupId, e.data.userId, false, e.version);
      await this.changes.changed({ userIds: [e.data.userId], meta: metaCausedBy(e) });
    },
    'community.group.member-removed': async (e) => {
      await this.directory.groupMember(e.data.groupId, e.data.userId, false, e.version);
      await this.changes.changed({ userIds: [e.data.userId], meta: metaCausedBy(e) });
    },
    'community.group.attached-to-church': async (e) => {
      await this.directory.groupChurch(e.data.groupId, e.data.churchId, e.data.churchId, e.version);
      await this.changes.changed({ userIds: await this.membersOf(e.data.groupId), meta: metaCausedBy(e) });
    },
    'community.group.detached-from-church': async (e) => {
      await this.directory.groupChurch(e.data.groupId, null, e.data.churchId, e.version);
      await this.changes.changed({ userIds: await this.membersOf(e.data.groupId), meta: metaCausedBy(e) });
    },
  };

  /** A membership that ended shares nothing: one that begins again starts not sharing, as on community's stream. */
  private async stopsSharing(churchId: string, userId: string, meta: ReturnType<typeof metaCausedBy>): Promise<void> {
    await this.members.setChurchSharing(userId, churchId, false, meta);
  }

  private async membersOf(groupId: string): Promise<string[]> {
    return (await this.directory.groupFacts([groupId])).get(groupId)?.memberIds ?? [];
  }
}
