import { type EventData, type Role, type SmsOptInSource, type SmsOptOutSource } from '@abide/contracts';
import type { CommandDecider, NewEvent } from '@abide/event-store';
import { decideTwoFactor, type TwoFactorCommand } from './two-factor.decider';
import { assertActive, evolveUser, initialUserState, type UserState } from './user-state';

export { accountNotFound, assertActive, foldUser, type UserEvent, type UserState } from './user-state';

export type OnboardingAnswers = Omit<EventData<'identity.user.onboarding-completed'>, 'completedAt' | 'userId'>;
export type SettingsChange = Omit<EventData<'identity.user.settings-updated'>, 'userId'>;
export type RoleChange = { grant?: Role; revoke?: Role; by: string };

/**
 * What can be asked of an account, as data. The clock comes in the command (`now`), so deciding is pure. Settings and
 * onboarding carry the member's choice about reminder texts: an opt-in is for one number, decided in the same command
 * as the number it is for.
 */
export type UserCommand =
  | { type: 'RegisterUser'; userId: string; name: string; email: string; now: Date }
  | { type: 'ConfirmEmail'; userId: string; now: Date }
  | { type: 'RenameUser'; userId: string; name: string }
  | ({
      type: 'CompleteOnboarding';
      userId: string;
      smsOptIn: boolean;
      /** The member's answer to "share my progress with my groups and churches?" (none: left as it is). */
      shareProgressWithGroups?: boolean;
      now: Date;
    } & OnboardingAnswers)
  | {
      type: 'ChangeSettings';
      userId: string;
      /** A new name (none: the name stays). */
      name?: string;
      settings: SettingsChange;
      /** The member's number once the change is applied. */
      phoneAfter: string | null;
      /** true: texts at `phoneAfter`; false: no texts; undefined: unchanged, unless the number changed. */
      wantsSms: boolean | undefined;
      now: Date;
    }
  | { type: 'AnswerSmsReply'; userId: string; from: string; keyword: 'stop' | 'start'; now: Date }
  | { type: 'EndUnprovedOptIn'; userId: string; number: string; now: Date }
  | { type: 'EndImplicitSharing'; userId: string }
  | ({ type: 'ChangeRoles'; userId: string } & RoleChange)
  | { type: 'DeleteUser'; userId: string; now: Date }
  | TwoFactorCommand;

/** Decides the events of a registration; a fresh id is registered once, so meeting a registered stream is a bug. */
const register = (state: UserState, c: Extract<UserCommand, { type: 'RegisterUser' }>) => {
  if (state.registered) throw new Error(`User ${c.userId} is already registered`);
  const roles: Role[] = ['user'];
  return [
    {
      type: 'identity.user.registered' as const,
      subjectId: c.userId,
      data: { userId: c.userId, name: c.name, email: c.email, roles, registeredAt: c.now.toISOString() },
    },
  ];
};

const confirmEmail = (state: UserState, userId: string, now: Date) => {
  assertActive(state);
  if (state.emailConfirmed) return [];
  return [{ type: 'identity.user.email-confirmed' as const, subjectId: userId, data: { userId, confirmedAt: now.toISOString() } }];
};

/** Renames only when the name really changes, so repeated saves leave no noise in the log. */
const rename = (state: UserState, userId: string, name: string) => {
  assertActive(state);
  if (state.name === name) return [];
  return [{ type: 'identity.user.profile-updated' as const, subjectId: userId, data: { userId, name } }];
};

/** Completing onboarding again (e.g. a retried request) records the latest answers; formation keeps one plan. */
const completeOnboarding = (state: UserState, c: Extract<UserCommand, { type: 'CompleteOnboarding' }>) => {
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

const updateSettings = (state: UserState, userId: string, change: SettingsChange) => {
  assertActive(state);
  const defined = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
  if (Object.keys(defined).length === 0) return [];
  return [{ type: 'identity.user.settings-updated' as const, subjectId: userId, data: { userId, ...defined } }];
};

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

interface SmsChoice {
  userId: string;
  phoneNumber: string | null;
  wantsSms: boolean | undefined;
  source: SmsOptInSource & SmsOptOutSource;
  now: Date;
}

/**
 * The member's choice about reminder texts (onboarding's box, Settings): an opt-in is for one number, so a new number
 * ends the old opt-in unless the member opts in again for the new one. `phoneNumber` is the one the member will have.
 */
const smsChoice = (state: UserState, c: SmsChoice) => {
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
const smsReply = (state: UserState, c: Extract<UserCommand, { type: 'AnswerSmsReply' }>) => {
  if (!state.registered || state.deleted) return [];
  if (c.keyword === 'stop') return state.smsOptedInNumber === c.from ? [smsOptedOut(c.userId, c.from, 'reply', c.now)] : [];
  return !state.smsOptedInNumber && state.phoneNumber === c.from ? [smsOptedIn(c.userId, c.from, 'reply', c.now)] : [];
};

/**
 * An opt-in made before numbers had to be proved, at a number its member never proved, ends (`number-not-verified`):
 * only while it still stands at that number, so a second run, or another replica's run racing this one, decides nothing.
 */
const endUnprovedOptIn = (state: UserState, c: Extract<UserCommand, { type: 'EndUnprovedOptIn' }>) =>
  !state.registered || state.deleted || state.smsOptedInNumber !== c.number
    ? []
    : [smsOptedOut(c.userId, c.number, 'number-not-verified', c.now)];

/**
 * Sharing progress is the member's choice (#26): an account that never chose shared by the old default, so it is
 * recorded as not sharing (the events every read model follows). A member who chose, either way, keeps their choice;
 * a second run, or another replica's run racing this one, decides nothing.
 */
const endImplicitSharing = (state: UserState, userId: string) =>
  !state.registered || state.deleted || state.shareProgressChoice !== null
    ? []
    : [{ type: 'identity.user.settings-updated' as const, subjectId: userId, data: { userId, shareProgressWithGroups: false } }];

/** Every account keeps the user role; a change that leaves the roles as they are decides nothing. */
const changeRoles = (state: UserState, userId: string, change: RoleChange) => {
  assertActive(state);
  const roles = new Set<Role>(state.roles);
  if (change.grant) roles.add(change.grant);
  if (change.revoke && change.revoke !== 'user') roles.delete(change.revoke);
  const next = (['user', 'moderator', 'admin'] as const).filter((r) => roles.has(r));
  if (next.length === state.roles.length && next.every((r) => state.roles.includes(r))) return [];
  return [{ type: 'identity.user.roles-changed' as const, subjectId: userId, data: { userId, roles: next, changedBy: change.by } }];
};

/** Deleting twice (a retried request, another tab) decides nothing the second time. */
const deleteUser = (state: UserState, userId: string, now: Date) => {
  if (!state.registered || state.deleted) return [];
  return [{ type: 'identity.user.deleted' as const, subjectId: userId, data: { userId, deletedAt: now.toISOString() } }];
};

const decideUser = (c: UserCommand, state: UserState): NewEvent[] => {
  switch (c.type) {
    case 'RegisterUser':
      return register(state, c);
    case 'ConfirmEmail':
      return confirmEmail(state, c.userId, c.now);
    case 'RenameUser':
      return rename(state, c.userId, c.name);
    case 'CompleteOnboarding':
      return [
        ...completeOnboarding(state, c),
        ...(c.shareProgressWithGroups === undefined ? [] : updateSettings(state, c.userId, { shareProgressWithGroups: c.shareProgressWithGroups })),
        ...smsChoice(state, { userId: c.userId, phoneNumber: c.phoneNumber, wantsSms: c.smsOptIn, source: 'onboarding', now: c.now }),
      ];
    case 'ChangeSettings':
      // Each part decided on the state before the command: the name, the settings, then the texts at the number after.
      return [
        ...(c.name ? rename(state, c.userId, c.name) : []),
        ...updateSettings(state, c.userId, c.settings),
        ...smsChoice(state, { userId: c.userId, phoneNumber: c.phoneAfter, wantsSms: c.wantsSms, source: 'settings', now: c.now }),
      ];
    case 'AnswerSmsReply':
      return smsReply(state, c);
    case 'EndUnprovedOptIn':
      return endUnprovedOptIn(state, c);
    case 'EndImplicitSharing':
      return endImplicitSharing(state, c.userId);
    case 'ChangeRoles':
      return changeRoles(state, c.userId, c);
    case 'DeleteUser':
      return deleteUser(state, c.userId, c.now);
    default:
      return decideTwoFactor(c, state);
  }
};

/**
 * The user aggregate (`user-<id>` streams), its state kept as a snapshot in the stream head. State version 2 added
 * the phone number and the SMS opt-in, version 3 two-factor sign-in, version 4 the member's own sharing choice (older
 * snapshots are folded again from the events).
 * An unknown or deleted account refuses with a 404 Refusal ("This account was not found."), except where a repeat is
 * harmless (a deletion, a text reply, the end of an unproved opt-in decide nothing).
 */
export const userDecider: CommandDecider<UserCommand, UserState> = {
  name: 'user',
  stateVersion: 4,
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};
