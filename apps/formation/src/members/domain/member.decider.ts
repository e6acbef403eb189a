import { DEFAULT_NOTIFICATION_CHANNELS, type EventPayload } from '@abide/contracts';
import type { CommandDecider, NewEvent } from '@abide/event-store';

/** What formation knows of a member, folded from its `member-<userId>` stream. */
export interface MemberState {
  exists: boolean;
  deleted: boolean;
  onboarded: boolean;
  timeZone: string;
  spiritualGoals: string[];
  connectionPreferences: string[];
  reminderFrequency: string;
  phoneNumber: string | null;
  channels: string[];
  shareProgressWithGroups: boolean;
  /** Per church: whether the member shares their progress with it (community's membership choice, #26). */
  churchSharing: Record<string, boolean>;
  restDays: number[];
  /** How reminders reach the member; identity's copy, kept as contact-changed events. */
  name: string | null;
  email: string | null;
  /** E-mail reminders turned off by the link in one, until the member chooses e-mail again in settings. */
  emailUnsubscribed: boolean;
  /** The number the member opted in to reminder texts at, while that opt-in stands: no opt-in, no text. */
  smsOptedInNumber: string | null;
}

export const DEFAULT_TIME_ZONE = 'UTC';

export const emptyMember = (): MemberState => ({
  exists: false,
  deleted: false,
  onboarded: false,
  timeZone: DEFAULT_TIME_ZONE,
  spiritualGoals: [],
  connectionPreferences: [],
  reminderFrequency: 'daily',
  phoneNumber: null,
  channels: [...DEFAULT_NOTIFICATION_CHANNELS],
  // Off until the member turns it on in identity (#26).
  shareProgressWithGroups: false,
  churchSharing: {},
  restDays: [],
  name: null,
  email: null,
  emailUnsubscribed: false,
  smsOptedInNumber: null,
});

type MemberEvent = EventPayload;

/** The changed fields only: a settings change leaves out what it did not change. */
const defined = <T extends object>(data: T): Partial<T> =>
  Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)) as Partial<T>;

/** Choosing e-mail in settings after the unsubscribe link is a fresh, explicit opt-in. */
export const choosesEmailAgain = (change: { channels?: readonly string[] }): boolean => !!change.channels?.includes('email');

/** One event's effect on what formation knows of the member. */
const evolveMember = (state: MemberState, e: MemberEvent): MemberState => {
  switch (e.type) {
    case 'formation.member.joined':
      return { ...state, exists: true };
    case 'formation.member.onboarded': {
      const { userId: _u, ...rest } = e.data;
      return { ...state, ...rest, exists: true, onboarded: true };
    }
    case 'formation.member.settings-changed': {
      const { userId: _u, ...rest } = defined(e.data);
      return { ...state, ...rest, exists: true, emailUnsubscribed: state.emailUnsubscribed && !choosesEmailAgain(e.data) };
    }
    case 'formation.member.contact-changed':
      return { ...state, exists: true, name: e.data.name, email: e.data.email };
    case 'formation.member.email-unsubscribed':
      return { ...state, exists: true, emailUnsubscribed: true };
    case 'formation.member.rest-days-set':
      return { ...state, exists: true, restDays: e.data.weekdays };
    case 'formation.member.sms-opted-in':
      return {
        ...state,
        exists: true,
        phoneNumber: e.data.phoneNumber,
        smsOptedInNumber: e.data.phoneNumber,
        channels: [...new Set([...state.channels, 'sms'])],
      };
    case 'formation.member.sms-opted-out':
      return { ...state, exists: true, smsOptedInNumber: null, channels: state.channels.filter((c) => c !== 'sms') };
    case 'formation.member.church-sharing-changed':
      return { ...state, churchSharing: { ...state.churchSharing, [e.data.churchId]: e.data.shares } };
    case 'formation.member.deleted':
      return { ...emptyMember(), exists: true, deleted: true };
    default:
      return state;
  }
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const decideJoin = (state: MemberState, command: { userId: string; joinedAt: string }): NewEvent[] =>
  state.exists ? [] : [{ type: 'formation.member.joined', subjectId: command.userId, data: command }];

interface Onboard {
  userId: string;
  spiritualGoals: string[];
  connectionPreferences: string[];
  reminderFrequency: string;
  phoneNumber: string | null;
  timeZone: string;
}

/** The same answers arriving again (a redelivered event, a second onboarding) decide nothing. */
const decideOnboard = (state: MemberState, command: Onboard): NewEvent[] => {
  if (state.deleted) return [];
  const unchanged =
    state.onboarded &&
    same(state.spiritualGoals, command.spiritualGoals) &&
    same(state.connectionPreferences, command.connectionPreferences) &&
    state.reminderFrequency === command.reminderFrequency &&
    state.phoneNumber === command.phoneNumber &&
    state.timeZone === command.timeZone;
  if (unchanged) return [];
  return [{ type: 'formation.member.onboarded', subjectId: command.userId, data: command as never }];
};

export interface ChangeSettings {
  userId: string;
  timeZone?: string;
  reminderFrequency?: string;
  phoneNumber?: string | null;
  channels?: string[];
  shareProgressWithGroups?: boolean;
}

/** Only what differs from what formation already knows is recorded. */
const decideChangeSettings = (state: MemberState, command: ChangeSettings): NewEvent[] => {
  if (state.deleted) return [];
  const { userId, ...fields } = command;
  const changed = Object.fromEntries(
    Object.entries(fields).filter(([key, value]) => value !== undefined && !same(state[key as keyof MemberState], value)),
  );
  if (Object.keys(changed).length === 0) return [];
  return [{ type: 'formation.member.settings-changed', subjectId: userId, data: { userId, ...changed } as never }];
};

export const normaliseWeekdays = (weekdays: readonly number[]): number[] => [...new Set(weekdays)].sort((a, b) => a - b);

const decideSetRestDays = (state: MemberState, command: { userId: string; weekdays: readonly number[] }): NewEvent[] => {
  if (state.deleted) return [];
  const weekdays = normaliseWeekdays(command.weekdays);
  if (same(state.restDays, weekdays)) return [];
  return [{ type: 'formation.member.rest-days-set', subjectId: command.userId, data: { userId: command.userId, weekdays } }];
};

/** A registration or a new name: only a real change is recorded, and nothing once the member is gone. */
const decideChangeContact = (state: MemberState, command: { userId: string; name?: string | null; email?: string | null }): NewEvent[] => {
  if (state.deleted) return [];
  const name = command.name === undefined ? state.name : command.name;
  const email = command.email === undefined ? state.email : command.email;
  if (state.exists && name === state.name && email === state.email) return [];
  return [{ type: 'formation.member.contact-changed', subjectId: command.userId, data: { userId: command.userId, name, email } }];
};

/** The unsubscribe link: works once for a known member; a second click, or a deleted member, changes nothing. */
const decideUnsubscribeEmail = (state: MemberState, command: { userId: string; unsubscribedAt: string }): NewEvent[] =>
  !state.exists || state.deleted || state.emailUnsubscribed
    ? []
    : [{ type: 'formation.member.email-unsubscribed', subjectId: command.userId, data: command }];

/** Identity's record of the member's opt-in to texts, mirrored once (a redelivery, or the same opt-in again, decides nothing). */
const decideSmsOptIn = (state: MemberState, c: EventPayload<'identity.user.sms-opted-in'>['data']): NewEvent[] =>
  state.deleted || state.smsOptedInNumber === c.phoneNumber
    ? []
    : [{ type: 'formation.member.sms-opted-in', subjectId: c.userId, data: c }];

const decideSmsOptOut = (state: MemberState, c: EventPayload<'identity.user.sms-opted-out'>['data']): NewEvent[] =>
  state.deleted || state.smsOptedInNumber !== c.phoneNumber
    ? []
    : [{ type: 'formation.member.sms-opted-out', subjectId: c.userId, data: c }];

/** Community's sharing choice for one church, recorded when it changes what formation knows (a redelivery is nothing). */
const decideChurchSharing = (state: MemberState, c: { userId: string; churchId: string; shares: boolean }): NewEvent[] =>
  state.deleted || (state.churchSharing?.[c.churchId] ?? false) === c.shares
    ? []
    : [{ type: 'formation.member.church-sharing-changed', subjectId: c.userId, data: c }];

const decideDelete = (state: MemberState, command: { userId: string; deletedAt: string }): NewEvent[] =>
  state.deleted ? [] : [{ type: 'formation.member.deleted', subjectId: command.userId, data: command }];

type Contact = { name?: string | null; email?: string | null };

/**
 * What identity's events, the reminders and the features ask of a member. Registering and onboarding each decide
 * several things on the state as it was before the command (joined, the contact, the answers).
 */
export type MemberCommand =
  | ({ type: 'RegisterMember'; userId: string; joinedAt: string } & Contact)
  | { type: 'CompleteOnboarding'; joinedAt: string; name: string; onboarding: Onboard; userId: string }
  | ({ type: 'ChangeMemberSettings' } & ChangeSettings)
  | ({ type: 'ChangeMemberContact'; userId: string } & Contact)
  | { type: 'SetRestDays'; userId: string; weekdays: readonly number[] }
  | { type: 'UnsubscribeEmail'; userId: string; unsubscribedAt: string }
  | ({ type: 'OptInToSms' } & EventPayload<'identity.user.sms-opted-in'>['data'])
  | ({ type: 'OptOutOfSms' } & EventPayload<'identity.user.sms-opted-out'>['data'])
  | { type: 'DeleteMember'; userId: string; deletedAt: string }
  | { type: 'SetChurchSharing'; userId: string; churchId: string; shares: boolean }
  /** The reminders' old copy of a member, moved onto the stream once (migration): only for a member formation knows. */
  | ({ type: 'MoveLegacyContact'; userId: string; unsubscribedAt: string | null } & Contact);

const without = <C extends { type: string }>({ type: _type, ...rest }: C): Omit<C, 'type'> => rest;

/** The member aggregate, one `member-<userId>` stream per member; its state is kept as a snapshot in the stream head. */
export const memberDecider: CommandDecider<MemberCommand, MemberState> = {
  name: 'member',
  stateVersion: 2,
  initialState: emptyMember,
  evolve: evolveMember,
  decide: (command, s) => {
    const { userId } = command;
    switch (command.type) {
      case 'RegisterMember':
        return [
          ...decideJoin(s, { userId, joinedAt: command.joinedAt }),
          ...decideChangeContact(s, { userId, name: command.name, email: command.email }),
        ];
      case 'CompleteOnboarding':
        return [
          ...decideJoin(s, { userId, joinedAt: command.joinedAt }),
          ...decideChangeContact(s, { userId, name: command.name }),
          ...decideOnboard(s, command.onboarding),
        ];
      case 'ChangeMemberSettings':
        return decideChangeSettings(s, without(command));
      case 'ChangeMemberContact':
        return decideChangeContact(s, without(command));
      case 'SetRestDays':
        return decideSetRestDays(s, command);
      case 'UnsubscribeEmail':
        return decideUnsubscribeEmail(s, without(command));
      case 'OptInToSms':
        return decideSmsOptIn(s, without(command));
      case 'OptOutOfSms':
        return decideSmsOptOut(s, without(command));
      case 'DeleteMember':
        return decideDelete(s, without(command));
      case 'SetChurchSharing':
        return decideChurchSharing(s, without(command));
      case 'MoveLegacyContact':
        if (!s.exists) return [];
        return [
          ...decideChangeContact(s, { userId, name: command.name, email: command.email }),
          ...(command.unsubscribedAt ? decideUnsubscribeEmail(s, { userId, unsubscribedAt: command.unsubscribedAt }) : []),
        ];
    }
  },
};

/** Fields of member events erased on account deletion. */
export const MEMBER_PERSONAL_FIELDS = ['phoneNumber', 'name', 'email'] as const;
