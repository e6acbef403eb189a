import { Injectable } from '@nestjs/common';
import type { AppendMeta } from '@abide/event-store';

/** What a feature does when a member's account is deleted, before the directory forgets the member. */
export type MemberDeparture = (userId: string, meta: AppendMeta & { causationId: string }) => Promise<unknown>;

/**
 * Account deletion as the directory hears it (identity's event): each feature that keeps a member's data registers
 * what it erases, so the directory never imports those features back.
 */
@Injectable()
export class MemberDepartureListeners {
  private readonly listeners: MemberDeparture[] = [];

  listen(listener: MemberDeparture): void {
    this.listeners.push(listener);
  }

  async depart(userId: string, meta: AppendMeta & { causationId: string }): Promise<void> {
    for (const listener of this.listeners) await listener(userId, meta);
  }
}
