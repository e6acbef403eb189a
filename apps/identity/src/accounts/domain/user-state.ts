import { errorCodes, type EventPayload, Refusal, type Role } from '@abide/contracts';

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
  /**
   * The member's own choice about sharing progress with their groups and churches, or null when they never made one
   * (sharing is off then; before #26 it was on, which the implicit-sharing migration ends).
   */
  shareProgressChoice: boolean | null;
}

/** What the fold reads of an event: its type and data. */
export type UserEvent = EventPayload;

export const initialUserState = (): UserState => ({
  registered: false,
  deleted: false,
  emailConfirmed: false,
  onboardingCompleted: false,
  roles: [],
  phoneNumber: null,
  smsOptedInNumber: null,
  twoFactorEnabled: false,
  recoveryCodesLeft: 0,
  shareProgressChoice: null,
});

export const evolveUser = (state: UserState, event: UserEvent): UserState => {
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
      return {
        ...state,
        ...(event.data.phoneNumber === undefined ? {} : { phoneNumber: event.data.phoneNumber }),
        ...(event.data.shareProgressWithGroups === undefined ? {} : { shareProgressChoice: event.data.shareProgressWithGroups }),
      };
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

export const foldUser = (events: UserEvent[]): UserState => events.reduce(evolveUser, initialUserState());

/** No such account, or it was deleted: a 404 with the words the web app shows. */
export const accountNotFound = (): Refusal => new Refusal(errorCodes.notFound, 'This account was not found.');

export const assertActive = (state: UserState): void => {
  if (!state.registered || state.deleted) throw accountNotFound();
};
