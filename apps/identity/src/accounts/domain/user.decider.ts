import {
  errorCodes,
  type EventData,
  type EventPayload,
  Refusal,
  type Role,
  type SmsOptInSource,
  type SmsOptOutSource,
} from '@abide/contracts';
import type { Decider } from '@abide/event-store';

/** What the write side needs to know about a user, folded from the user's stream. */
export interface UserState {
  registered: boolean;
  deleted: boolean;
  email?: string;
  name?: string;
  emailConfirmed: boolean;
  onboardingCompleted: boolean;
  roles: Role[];
  /** The member's phone number (E.164 since numbers are normalised; older events may hold what was typed). */
  phoneNumber: string | null;
  /** The number the member opted in to reminder texts at, while that opt-in stands; null: no text is sent. */
  smsOptedInNumber: string | null;
  twoFactorEnabled: boolean;
  recoveryCodesLeft: number;
}

/** What the fold reads of an event: its type and data. */
export type UserEvent = EventPayload;

const initialUserState = (): UserState => ({
  registered: false,
  deleted: false,
  emailConfirmed: false,
  onboardingCompleted: false,
  roles: [],
  phoneNumber: null,
  smsOptedInNumber: null,
  twoFactorEnabled: false,
  recoveryCodesLeft: 0,
});

const evolveUser = (state: UserState, event: UserEvent): UserState => {
  switch (event.type) {
    case 'identity.user.registered':
      return { ...state, registered: true, email: event.data.email, name: event.data.name, roles: event.data.roles };
    case 'identity.user.email-confirmed':
      return { ...state, emailConfirmed: true };
    case 'identity.user.profile-updated':
      return { ...state, name: event.data.name };
    case 'identity.user.onboarding-completed':
      return { ...state, onboardingCompleted: true, name: event.data.name, phoneNumber: event.data.phoneNumber };
    case 'identity.user.settings-updated':
      return event.data.phoneNumber === undefined ? state : { ...state, phoneNumber: event.data.phoneNumber };
    case 'identity.user.sms-opted-in':
      return { ...state, smsOptedInNumber: event.data.phoneNumber };
    case 'identity.user.sms-opted-out':
      return { ...state, smsOptedInNumber: null };
    case 'identity.user.roles-changed':
      return { ...state, roles: event.data.roles };
    case 'identity.user.deleted':
      return { ...state, deleted: true };
    case 'identity.user.two-factor-enabled':
      return { ...state, twoFactorEnabled: true, recoveryCodesLeft: event.data.recoveryCodes };
    case 'identity.user.two-factor-disabled':
      return { ...state, twoFactorEnabled: false, recoveryCodesLeft: 0 };
    case 'identity.user.two-factor-recovery-code-used':
      return { ...state, recoveryCodesLeft: event.data.remaining };
    case 'identity.user.two-factor-recovery-codes-renewed':
      return { ...state, recoveryCodesLeft: event.data.recoveryCodes };
    default:
      return state;
  }
};

/**
 * The user aggregate for the command runner: its state is kept as a snapshot in the `user-<id>` stream head.
 * State version 2 added the phone number and the SMS opt-in, version 3 two-factor sign-in (older snapshots are folded
 * again from the events).
 */
export const userDecider: Decider<UserState> = { name: 'user', stateVersion: 3, initialState: initialUserState, evolve: evolveUser };

export const foldUser = (events: UserEvent[]): UserState => events.reduce(evolveUser, initialUserState());

/** A fresh id is registered once; meeting a registered stream again is a bug, not something a person did. */
export class UserAlreadyRegistered extends Error {}

/** No such account, or it was deleted: a 404 with the words the web app shows. */
export class UserNotFound extends Refusal {
  override readonly name = 'UserNotFound';

  constructor() {
    super(errorCodes.notFound, 'This account was not found.');
  }
}

export const assertActive = (state: UserState): void => {
  if (!state.registered || state.deleted) throw new UserNotFound();
};

export interface RegisterUser {
  userId: string;
  name: string;
  email: string;
  now: Date;
}

/** Decides the events of a registration; a stream can be registered once. */
export const decideRegister = (state: UserState, command: RegisterUser) => {
  if (state.registered) throw new UserAlreadyRegistered(`User ${command.userId} is already registered`);
  const roles: Role[] = ['user'];
  return [
    {
      type: 'identity.user.registered' as const,
      subjectId: command.userId,
      data: { userId: command.userId, name: command.name, email: command.email, roles, registeredAt: command.now.toISOString() },
    },
  ];
};

export const decideConfirmEmail = (state: UserState, userId: string, now: Date) => {
  assertActive(state);
  if (state.emailConfirmed) return [];
  return [{ type: 'identity.user.email-confirmed' as const, subjectId: userId, data: { userId, confirmedAt: now.toISOString() } }];
};

/** Renames only when the name really changes, so repeated saves leave no noise in the log. */
export const decideRename = (state: UserState, userId: string, name: string) => {
  assertActive(state);
  if (state.name === name) return [];
  return [{ type: 'identity.user.profile-updated' as const, subjectId: userId, data: { userId, name } }];
};

export type CompleteOnboarding = Omit<EventData<'identity.user.onboarding-completed'>, 'completedAt'> & { now: Date };

/** Completing onboarding again (e.g. a retried request) records the latest answers; formation keeps one plan. */
export const decideCompleteOnboarding = (state: UserState, c: CompleteOnboarding) => {
  assertActive(state);
  return [
    {
      type: 'identity.user.onboarding-completed' as const,
      subjectId: c.userId,
      data: {
        userId: c.userId,
        name: c.name,
        spiritualGoals: c.spiritualGoals,
        connectionPreferences: c.connectionPreferences,
        reminderFrequency: c.reminderFrequency,
        phoneNumber: c.phoneNumber,
        timeZone: c.timeZone,
        completedAt: c.now.toISOString(),
      },
    },
  ];
};

export type SettingsChange = Omit<EventData<'identity.user.settings-updated'>, 'userId'>;

export const decideUpdateSettings = (state: UserState, userId: string, change: SettingsChange) => {
  assertActive(state);
  const defined = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
  if (Object.keys(defined).length === 0) return [];
  return [{ type: 'identity.user.settings-updated' as const, subjectId: userId, data: { userId, ...defined } }];
};

export interface SmsChoice {
  userId: string;
  /** The member's number once this command is applied. */
  phoneNumber: string | null;
  /** true: texts at that number (the opt-in); false: no texts; undefined: unchanged, unless the number changed. */
  wantsSms: boolean | undefined;
  source: SmsOptInSource & SmsOptOutSource;
  now: Date;
}

const smsOptedOut = (userId: string, phoneNumber: string, source: SmsOptOutSource, now: Date) => ({
  type: 'identity.user.sms-opted-out' as const,
  subjectId: userId,
  data: { userId, phoneNumber, optedOutAt: now.toISOString(), source },
});

const smsOptedIn = (userId: string, phoneNumber: string, source: SmsOptInSource, now: Date) => ({
  type: 'identity.user.sms-opted-in' as const,
  subjectId: userId,
  data: { userId, phoneNumber, optedInAt: now.toISOString(), source },
});

/**
 * The member's choice about reminder texts (onboarding's box, Settings): an opt-in is for one number, so a new number
 * ends the old opt-in unless the member opts in again for the new one. Decided after the settings that carry the
 * number, so `phoneNumber` is the one the member will have.
 */
export const decideSmsChoice = (state: UserState, c: SmsChoice) => {
  assertActive(state);
  const current = state.smsOptedInNumber;
  if (c.wantsSms === true) {
    if (!c.phoneNumber) throw new Error('An SMS opt-in needs a phone number (checked by the caller)');
    if (current === c.phoneNumber) return [];
    return [
      ...(current ? [smsOptedOut(c.userId, current, 'number-changed', c.now)] : []),
      smsOptedIn(c.userId, c.phoneNumber, c.source, c.now),
    ];
  }
  if (!current) return [];
  if (c.wantsSms === false) return [smsOptedOut(c.userId, current, c.source, c.now)];
  return current === c.phoneNumber ? [] : [smsOptedOut(c.userId, current, 'number-changed', c.now)];
};

/**
 * A text the member sent us: STOP (and its synonyms) ends the opt-in at that number; START opts in again, only at the
 * number the member still has. Anything else, or a member already in that state, decides nothing.
 */
export const decideSmsReply = (state: UserState, c: { userId: string; from: string; keyword: 'stop' | 'start'; now: Date }) => {
  if (!state.registered || state.deleted) return [];
  if (c.keyword === 'stop') return state.smsOptedInNumber === c.from ? [smsOptedOut(c.userId, c.from, 'reply', c.now)] : [];
  return !state.smsOptedInNumber && state.phoneNumber === c.from ? [smsOptedIn(c.userId, c.from, 'reply', c.now)] : [];
};

/**
 * An opt-in made before numbers had to be proved, at a number its member never proved, ends (`number-not-verified`):
 * only while it still stands at that number, so a second run, or another replica's run racing this one, decides nothing.
 */
export const decideEndUnprovedOptIn = (state: UserState, c: { userId: string; number: string; now: Date }) =>
  !state.registered || state.deleted || state.smsOptedInNumber !== c.number
    ? []
    : [smsOptedOut(c.userId, c.number, 'number-not-verified', c.now)];

export const decideChangeRoles = (state: UserState, userId: string, change: { grant?: Role; revoke?: Role; by: string }) => {
  assertActive(state);
  const roles = new Set<Role>(state.roles);
  if (change.grant) roles.add(change.grant);
  if (change.revoke && change.revoke !== 'user') roles.delete(change.revoke);
  const next = (['user', 'moderator', 'admin'] as const).filter((r) => roles.has(r));
  if (next.length === state.roles.length && next.every((r) => state.roles.includes(r))) return [];
  return [{ type: 'identity.user.roles-changed' as const, subjectId: userId, data: { userId, roles: next, changedBy: change.by } }];
};

export const decideDelete = (state: UserState, userId: string, now: Date) => {
  if (!state.registered || state.deleted) return [];
  return [{ type: 'identity.user.deleted' as const, subjectId: userId, data: { userId, deletedAt: now.toISOString() } }];
};
