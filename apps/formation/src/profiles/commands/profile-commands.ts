import { Injectable } from '@nestjs/common';
import { CommandRunner, EventStore, type NewEvent, ProjectionRunner } from '@abide/event-store';
import { type CreateProfile, decideCreateProfile, decideRenameProfile, profileDecider, type ProfileState } from '../domain/profile.decider';

export const profileStreamId = (userId: string) => `profile-${userId}`;

/** Personal fields of formation's profile events, erased from the log when the member deletes their account. */
export const PROFILE_PERSONAL_FIELDS = ['displayName'] as const;

@Injectable()
export class ProfileCommands {
  constructor(
    private readonly eventStore: EventStore,
    private readonly projections: ProjectionRunner,
    private readonly runner: CommandRunner,
  ) {}

  create(command: CreateProfile, meta: { correlationId: string; causationId: string }): Promise<void> {
    return this.run(command.userId, (state) => decideCreateProfile(state, command), meta);
  }

  rename(command: CreateProfile, meta: { correlationId: string; causationId: string }): Promise<void> {
    return this.run(command.userId, (state) => decideRenameProfile(state, command), meta);
  }

  /** Account deletion: the read models forget the member and the log keeps no personal field. */
  async purge(userId: string): Promise<void> {
    await this.projections.purgeSubject(userId);
    await this.eventStore.eraseSubjectData(userId, PROFILE_PERSONAL_FIELDS);
  }

  private async run(userId: string, decide: (state: ProfileState) => NewEvent[], meta: { correlationId: string; causationId: string }) {
    await this.runner.run(profileStreamId(userId), profileDecider, decide, meta);
  }
}
