import { Injectable } from '@nestjs/common';
import { EventStore, type NewEvent, OutboxRelay, ProjectionRunner, type StoredEvent } from '@abide/event-store';
import { DomainError } from '@abide/platform';
import { foldUser, type UserState, UserNotFound } from './domain/user.decider';

export const userStreamId = (userId: string) => `user-${userId}`;

/**
 * The one way identity changes a user: load the stream, decide, append (retrying on a concurrent write),
 * update the read model at once, and nudge the outbox relay.
 */
@Injectable()
export class UserStream {
  constructor(
    private readonly eventStore: EventStore,
    private readonly projections: ProjectionRunner,
    private readonly relay: OutboxRelay,
  ) {}

  async execute(
    userId: string,
    decide: (state: UserState) => NewEvent[],
    meta: { correlationId: string; causationId?: string },
  ): Promise<StoredEvent[]> {
    try {
      const appended = await this.eventStore.appendWithRetry(userStreamId(userId), (history) => decide(foldUser(history)), meta);
      if (appended.length) {
        await this.projections.afterAppend(appended);
        this.relay.kick();
      }
      return appended;
    } catch (error) {
      if (error instanceof UserNotFound) throw DomainError.notFound('This account');
      throw error;
    }
  }
}
