import { Injectable } from '@nestjs/common';
import { type Aggregate, CommandHandler, CommandRunner, EventStore, type AppendMeta, type StoredEvent } from '@abide/event-store';
import { type UserCommand, userDecider, type UserState } from './domain/user.decider';

export const userStreamId = (userId: string) => `user-${userId}`;

/**
 * The one way identity changes a user: the user aggregate's command handler. The state comes from the stream head's
 * snapshot, the decider's events are appended with the expected version (decided again on a lost race), the read
 * models follow in the request and the relay publishes. An unknown or deleted account is the decider's 404 Refusal.
 */
@Injectable()
export class UserStream {
  private readonly users: CommandHandler<UserCommand, UserState>;

  constructor(
    runner: CommandRunner,
    private readonly eventStore: EventStore,
  ) {
    this.users = new CommandHandler(runner, userDecider, {
      streamOf: (command) => userStreamId(command.userId),
      conflictMessage: 'Your account changed at the same moment elsewhere. Please try again.',
    });
  }

  async handle(command: UserCommand, meta: AppendMeta): Promise<StoredEvent[]> {
    return (await this.users.handle(command, meta)).events;
  }

  /** The write side's view of a user (version 0: no such stream), one keyed read however long its history. */
  load(userId: string): Promise<Aggregate<UserState>> {
    return this.eventStore.aggregate(userStreamId(userId), userDecider);
  }
}
