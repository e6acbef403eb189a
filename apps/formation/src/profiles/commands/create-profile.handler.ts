import { Injectable } from '@nestjs/common';
import { EventStore, OutboxRelay, ProjectionRunner } from '@abide/event-store';
import { type CreateProfile, decideCreateProfile, foldProfile } from '../domain/profile.decider';

export const profileStreamId = (userId: string) => `profile-${userId}`;

@Injectable()
export class CreateProfileHandler {
  constructor(
    private readonly eventStore: EventStore,
    private readonly projections: ProjectionRunner,
    private readonly relay: OutboxRelay,
  ) {}

  async execute(command: CreateProfile, correlationId: string, causationId: string): Promise<void> {
    const appended = await this.eventStore.appendWithRetry(
      profileStreamId(command.userId),
      (history) => decideCreateProfile(foldProfile(history), command),
      { correlationId, causationId },
    );
    if (appended.length === 0) return;
    await this.projections.afterAppend(appended);
    this.relay.kick();
  }
}
