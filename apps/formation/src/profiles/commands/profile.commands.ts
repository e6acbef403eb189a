import { Injectable } from '@nestjs/common';
import { CommandHandler, CommandRunner, EventStore, ProjectionRunner } from '@abide/event-store';
import { profileDecider, type ProfileCommand, type ProfileState } from '../domain/profile.decider';

export const profileStreamId = (userId: string) => `profile-${userId}`;

/** Personal fields of formation's profile events, erased from the log when the member deletes their account. */
export const PROFILE_PERSONAL_FIELDS = ['displayName'] as const;

type Meta = { correlationId: string; causationId: string };
type ProfileFields = { userId: string; displayName: string };

@Injectable()
export class ProfileCommands {
  private readonly profiles: CommandHandler<ProfileCommand, ProfileState>;

  constructor(
    private readonly eventStore: EventStore,
    private readonly projections: ProjectionRunner,
    runner: CommandRunner,
  ) {
    this.profiles = new CommandHandler(runner, profileDecider, { streamOf: (command) => profileStreamId(command.userId) });
  }

  async create(fields: ProfileFields, meta: Meta): Promise<void> {
    await this.profiles.handle({ type: 'CreateProfile', ...fields }, meta);
  }

  async rename(fields: ProfileFields, meta: Meta): Promise<void> {
    await this.profiles.handle({ type: 'RenameProfile', ...fields }, meta);
  }

  /** Account deletion: the read models forget the member and the log keeps no personal field. */
  async purge(userId: string): Promise<void> {
    await this.projections.purgeSubject(userId);
    await this.eventStore.eraseSubjectData(userId, PROFILE_PERSONAL_FIELDS);
  }
}
