import { Injectable } from '@nestjs/common';
import type { EventHandlers } from '@abide/messaging';
import { Directory } from './directory';
import { MemberDepartureListeners } from './member-departures';
import { metaCausedBy } from '@abide/event-store';

/**
 * The community events whose every write is conditional on the version of the stream that set it (a member's role or
 * membership in one group or church): a redelivered or older one changes nothing.
 */
export const versionKeptTypes: ReadonlySet<string> = new Set([
  'community.group.member-joined',
  'community.group.member-left',
  'community.group.member-removed',
  'community.church.member-joined',
  'community.church.member-role-changed',
  'community.church.member-left',
  'community.church.member-removed',
]);

/** What the library does with each identity and community event (apart from the Kafka wiring so tests can feed it). */
@Injectable()
export class DirectoryEvents {
  constructor(
    private readonly directory: Directory,
    private readonly departures: MemberDepartureListeners,
  ) {}

  readonly identity: EventHandlers = {
    'identity.user.registered': (e) => this.directory.nameMember(e.data.userId, e.data.name),
    'identity.user.profile-updated': (e) => this.directory.nameMember(e.data.userId, e.data.name),
    'identity.user.onboarding-completed': (e) => this.directory.nameMember(e.data.userId, e.data.name),
    // Account deletion: the member's resources and files go (each feature's departure), then what the directory knew.
    'identity.user.deleted': async (e) => {
      await this.departures.depart(e.data.userId, metaCausedBy(e));
      await this.directory.forgetMember(e.data.userId);
    },
  };

  readonly community: EventHandlers = {
    'community.group.created': (e) => this.directory.nameGroup(e.data.groupId, e.data.name),
    'community.group.updated': async (e) => {
      if (e.data.name) await this.directory.nameGroup(e.data.groupId, e.data.name);
    },
    // Each fact carries the group stream's version, so a replay never undoes a newer one. Leaving a group hides its
    // group resources from the member at once (the list reads membership).
    'community.group.member-joined': (e) => this.directory.setGroupMembership(e.data.groupId, e.data.userId, true, e.version),
    'community.group.member-left': (e) => this.directory.setGroupMembership(e.data.groupId, e.data.userId, false, e.version),
    'community.group.member-removed': (e) => this.directory.setGroupMembership(e.data.groupId, e.data.userId, false, e.version),
  };

  /**
   * Church membership, as for groups: a church resource is shown to the church's members only, and a logo is changed by
   * the church's admins only. Each fact carries the church stream's version, so replays never undo a newer one.
   */
  readonly churches: EventHandlers = {
    'community.church.created': (e) => this.directory.nameChurch(e.data.churchId, e.data.name),
    'community.church.profile-updated': async (e) => {
      if (e.data.name) await this.directory.nameChurch(e.data.churchId, e.data.name);
    },
    'community.church.member-joined': (e) => this.directory.setChurchRole(e.data.churchId, e.data.userId, e.data.role, e.version),
    'community.church.member-role-changed': (e) => this.directory.setChurchRole(e.data.churchId, e.data.userId, e.data.role, e.version),
    'community.church.member-left': (e) => this.directory.setChurchRole(e.data.churchId, e.data.userId, null, e.version),
    'community.church.member-removed': (e) => this.directory.setChurchRole(e.data.churchId, e.data.userId, null, e.version),
  };
}
