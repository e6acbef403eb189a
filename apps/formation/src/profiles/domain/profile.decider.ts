import type { EventPayload } from '@abide/contracts';
import type { CommandDecider, NewEvent } from '@abide/event-store';

/** Formation's own record of a member: created once from identity's registration, renamed when identity says so. */
export interface ProfileState {
  created: boolean;
  displayName?: string;
}

/** What identity's events ask of a member's profile. */
export type ProfileCommand =
  { type: 'CreateProfile'; userId: string; displayName: string } | { type: 'RenameProfile'; userId: string; displayName: string };

type ProfileEvent = EventPayload;

const initialProfile = (): ProfileState => ({ created: false });

const evolveProfile = (state: ProfileState, e: ProfileEvent): ProfileState =>
  e.type === 'formation.profile.created' || e.type === 'formation.profile.renamed'
    ? { created: true, displayName: e.data.displayName }
    : state;

const created = (command: ProfileCommand): NewEvent[] => [
  { type: 'formation.profile.created', subjectId: command.userId, data: { userId: command.userId, displayName: command.displayName } },
];

/**
 * The profile aggregate, one `profile-<userId>` stream per member. Creating is idempotent by design (a second
 * registration message decides nothing); a rename for a member formation has not met yet creates the profile.
 */
export const profileDecider: CommandDecider<ProfileCommand, ProfileState> = {
  name: 'profile',
  initialState: initialProfile,
  evolve: evolveProfile,
  decide: (command, state) => {
    if (!state.created) return created(command);
    if (command.type === 'CreateProfile' || state.displayName === command.displayName) return [];
    return [
      { type: 'formation.profile.renamed', subjectId: command.userId, data: { userId: command.userId, displayName: command.displayName } },
    ];
  },
};
