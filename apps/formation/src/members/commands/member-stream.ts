import { Injectable } from '@nestjs/common';
import { EventStore, type NewEvent, OutboxRelay, ProjectionRunner, type StoredEvent } from '@abide/event-store';
import { foldMember, type MemberState } from '../domain/member.decider';

export const memberStreamId = (userId: string) => `member-${userId}`;

/** The one way formation changes what it knows of a member: load, decide, append, project, nudge the relay. */
@Injectable()
export class MemberStream {
  constructor(
    private readonly eventStore: EventStore,
    private readonly projections: ProjectionRunner,
    private readonly relay: OutboxRelay,
  ) {}

  async load(userId: string): Promise<MemberState> {
    return foldMember(await this.eventStore.load(memberStreamId(userId)));
  }

  async execute(
    userId: string,
    decide: (state: MemberState) => NewEvent[],
    meta: { correlationId: string; causationId?: string | null },
  ): Promise<StoredEvent[]> {
    const appended = await this.eventStore.appendWithRetry(memberStreamId(userId), (history) => decide(foldMember(history)), meta);
    if (appended.length) {
      await this.projections.afterAppend(appended);
      this.relay.kick();
    }
    return appended;
  }
}
