import type { Role } from '@abide/contracts';

/** What the write side needs to know about a user, folded from the user's stream. */
export interface UserState {
  registered: boolean;
  email?: string;
}

export interface UserEvent {
  type: string;
  data: Record<string, unknown>;
}

export const initialUserState: UserState = { registered: false };

export const evolveUser = (state: UserState, event: UserEvent): UserState => {
  switch (event.type) {
    case 'identity.user.registered':
      return { ...state, registered: true, email: event.data.email as string };
    default:
      return state;
  }
};

export const foldUser = (events: UserEvent[]): UserState => events.reduce(evolveUser, initialUserState);

export interface RegisterUser {
  userId: string;
  name: string;
  email: string;
  now: Date;
}

export class UserAlreadyRegistered extends Error {}

/** Decides the events of a registration; a stream can be registered once. */
export const decideRegister = (state: UserState, command: RegisterUser) => {
  if (state.registered) throw new UserAlreadyRegistered(`User ${command.userId} is already registered`);
  const roles: Role[] = ['user'];
  return [
    {
      type: 'identity.user.registered' as const,
      subjectId: command.userId,
      data: {
        userId: command.userId,
        name: command.name,
        email: command.email,
        roles,
        registeredAt: command.now.toISOString(),
      },
    },
  ];
};
