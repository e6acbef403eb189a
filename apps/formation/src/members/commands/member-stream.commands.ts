import { Injectable } from '@nestjs/common';
import { CommandHandler, CommandRunner, EventStore, type StoredEvent } from '@abide/event-store';
import { type MemberCommand, memberDecider, type MemberState } from '../domain/member.decider';

export const memberStreamId = (userId: string) => `member-${userId}`;

/** The one way formation changes what it knows of a member: the member aggregate's command handler. */
@Injectable()
export class MemberStream {
  private readonly members: CommandHandler<MemberCommand, MemberState>;

  constructor(
    private readonly eventStore: EventStore,
    runner: CommandRunner,
  ) {
    this.members = new CommandHandler(runner, memberDecider, { streamOf: (command) => memberStreamId(command.userId) });
  }

  /** The member's state from the stream head's snapshot: one keyed read however many settings changes came before. */
  async load(userId: string): Promise<MemberState> {
    return (await this.eventStore.aggregate(memberStreamId(userId), memberDecider)).state;
  }

  async handle(command: MemberCommand, meta: { correlationId: string; causationId?: string | null }): Promise<StoredEvent[]> {
    return (await this.members.handle(command, meta)).events;
  }
}
