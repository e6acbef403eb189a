import { Injectable } from '@nestjs/common';
import { type Aggregate, CommandRunner, EventStore, type AppendMeta, type NewEvent, type StoredEvent } from '@abide/event-store';
import { userDecider, type UserState } from './domain/user.decider';

export const userStreamId = (userId: string) => `user-${userId}`;

/**
 * The one way identity changes a user, through the command runner: the state comes from the stream head's snapshot,
 * the decision is appended with the expected version (again on a lost race), the read model follows in the request
 * and the relay publishes. A deleted or unknown account refuses with UserNotFound (404); a race lost every time, 409.
 */
@Injectable()
export class UserStream {
  constructor(
    private readonly runner: CommandRunner,
    private readonly eventStore: EventStore,
  ) {}

  async execute(userId: string, decide: (state: UserState) => NewEvent[], meta: AppendMeta): Promise<StoredEvent[]> {
    return (await this.runner.run(userStreamId(userId), userDecider, decide, meta)).events;
  }

  /** The write side's view of a user (version 0: no such stream), one keyed read however long its history. */
  load(userId: string): Promise<Aggregate<UserState>> {
    return this.eventStore.aggregate(userStreamId(userId), userDecider);
  }
}
