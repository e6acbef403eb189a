/** Formation's own record of a member: created once, from identity's registration. */
export interface ProfileState {
  created: boolean;
}

export const foldProfile = (events: Array<{ type: string }>): ProfileState => ({
  created: events.some((e) => e.type === 'formation.profile.created'),
});

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
