import type { EventPayload } from '@abide/contracts';
import type { Decider } from '@abide/event-store';

/** Formation's own record of a member: created once from identity's registration, renamed when identity says so. */
export interface ProfileState {
  created: boolean;
  displayName?: string;
}

type ProfileEvent = EventPayload;

const initialProfile = (): ProfileState => ({ created: false });

const evolveProfile = (state: ProfileState, e: ProfileEvent): ProfileState =>
  e.type === 'formation.profile.created' || e.type === 'formation.profile.renamed'
    ? { created: true, displayName: e.data.displayName }
    : state;

/** The profile aggregate for the command runner: its state is kept as a snapshot in the stream head. */
export const profileDecider: Decider<ProfileState> = { name: 'profile', initialState: initialProfile, evolve: evolveProfile };

export const foldProfile = (events: readonly ProfileEvent[]): ProfileState => events.reduce(evolveProfile, initialProfile());

export interface CreateProfile {
  userId: string;
  displayName: string;
}

/** Idempotent by design: a second registration message for the same user decides nothing. */
export const decideCreateProfile = (state: ProfileState, command: CreateProfile) =>
  state.created
    ? []
    : [
        {
          type: 'formation.profile.created' as const,
          subjectId: command.userId,
          data: { userId: command.userId, displayName: command.displayName },
        },
      ];

/** A rename for a member formation has not met yet creates the profile with that name. */
export const decideRenameProfile = (state: ProfileState, command: CreateProfile) => {
  if (!state.created) return decideCreateProfile(state, command);
  if (state.displayName === command.displayName) return [];
  return [
    {
      type: 'formation.profile.renamed' as const,
      subjectId: command.userId,
      data: { userId: command.userId, displayName: command.displayName },
    },
  ];
};
