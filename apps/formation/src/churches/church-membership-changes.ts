import { Injectable } from '@nestjs/common';
import type { CommandMeta } from '../members/members.port';

/** Who a change of church or group membership concerns, and where it happened. */
export interface MembershipChange {
  userIds: readonly string[];
  meta: CommandMeta;
}

/**
 * Tells the features that follow churches (curricula, and through them the members' plans) that members joined or
 * left a church or a group, or that a group joined or left a church, without the directory knowing those features.
 * A listener's failure fails the delivery of the community event, which is retried: listeners are idempotent.
 */
@Injectable()
export class ChurchMembershipListeners {
  private readonly listeners: Array<(change: MembershipChange) => Promise<void>> = [];

  listen(listener: (change: MembershipChange) => Promise<void>): void {
    this.listeners.push(listener);
  }

  async changed(change: MembershipChange): Promise<void> {
    if (change.userIds.length === 0) return;
    for (const listener of this.listeners) await listener(change);
  }
}
