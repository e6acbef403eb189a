import { type AssuranceLevel, type LiveAudience, type LiveRoleAudience, type Role, rolesRequireTwoFactor } from '@abide/contracts';

/** Which role audiences a caller belongs to, from the roles in their access token. */
const roleAudiences: Record<LiveRoleAudience, readonly Role[]> = {
  // The Review Queue: moderators and admins (docs/architecture.md, "Live updates").
  moderation: ['moderator', 'admin'],
};

/**
 * Redis keys of the live buffer (one stream per audience, also its pub/sub channel), under the stack's key prefix.
 * Member ids and role names are the services' own: no character of theirs can reach into another key.
 */
export class LiveKeys {
  constructor(private readonly prefix: string) {}

  member(memberId: string): string {
    return `${this.prefix}:live:m:${memberId}`;
  }

  role(role: LiveRoleAudience): string {
    return `${this.prefix}:live:r:${role}`;
  }

  /** The open streams of a member, and of a client network (live-slots.ts). */
  memberStreams(memberId: string): string {
    return `${this.prefix}:live:open:m:${memberId}`;
  }

  networkStreams(network: string): string {
    return `${this.prefix}:live:open:n:${network}`;
  }

  /** Marks a signal applied, so a redelivered one is not buffered twice. */
  seen(signalId: string): string {
    return `${this.prefix}:live:seen:${signalId}`;
  }

  /** The buffers a signal goes to. */
  ofAudience(audience: LiveAudience): string[] {
    return 'role' in audience ? [this.role(audience.role)] : audience.members.map((m) => this.member(m));
  }

  /**
   * The buffers a caller hears, in the order of their cursor: their own, then each role audience they belong to. A
   * role audience of roles that need two-factor sign-in (the Review Queue) is heard only by a session that passed it
   * (`aal2`), as those roles' routes are opened only to it (libs/auth's access guard).
   */
  ofCaller(memberId: string, roles: readonly Role[], aal: AssuranceLevel): string[] {
    const roleKeys = (Object.keys(roleAudiences) as LiveRoleAudience[])
      .filter((audience) => roleAudiences[audience].some((role) => roles.includes(role)))
      .filter((audience) => aal === 'aal2' || !rolesRequireTwoFactor(roleAudiences[audience]))
      .map((audience) => this.role(audience));
    return [this.member(memberId), ...roleKeys];
  }
}
