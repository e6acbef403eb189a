import { Injectable } from '@nestjs/common';
import { CommandRunner, EventStore, type NewEvent, type StoredEvent } from '@abide/event-store';
import { memberDecider, type MemberState } from '../domain/member.decider';

export const memberStreamId = (userId: string) => `member-${userId}`;

/** The one way formation changes what it knows of a member: through the command runner, on the member's stream. */
@Injectable()
export class MemberStream {
  constructor(
    private readonly eventStore: EventStore,
    private readonly runner: CommandRunner,
  ) {}

  /** The member's state from the stream head's snapshot: one keyed read however many settings changes came before. */
  async load(userId: string): Promise<MemberState> {
    return (await this.eventStore.aggregate(memberStreamId(userId), memberDecider)).state;
  }

  /** A race lost on every retry leaves as ConcurrencyError, which the problem filter answers with 409. */
  async execute(
    userId: string,
    decide: (state: MemberState) => NewEvent[],
    meta: { correlationId: string; causationId?: string | null },
  ): Promise<StoredEvent[]> {
    return (await this.runner.run(memberStreamId(userId), memberDecider, decide, meta)).events;
  }
}
