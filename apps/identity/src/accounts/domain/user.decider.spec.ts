import { errorCodes, Refusal } from '@abide/contracts';
import type { NewEvent } from '@abide/event-store';
import { deciderSpec } from '@abide/event-store/src/testing/decider-specification';
import { type OnboardingAnswers, userDecider } from './user.decider';

const { given } = deciderSpec(userDecider);
const now = new Date('2026-11-24T09:00:00Z');
const at = now.toISOString();
const phone = '+12015550123';
const notFound = 'This account was not found.';

const registered: NewEvent = {
  type: 'identity.user.registered',
  subjectId: 'u1',
  data: { userId: 'u1', email: 'ruth@example.com', name: 'Ruth', roles: ['user'], registeredAt: '2026-11-22T10:00:00.000Z' },
};
const deleted: NewEvent = { type: 'identity.user.deleted', subjectId: 'u1', data: { userId: 'u1', deletedAt: at } };
const withNumber: NewEvent = { type: 'identity.user.settings-updated', subjectId: 'u1', data: { userId: 'u1', phoneNumber: phone } };
const optedIn = (phoneNumber = phone, source: 'settings' | 'onboarding' | 'reply' = 'settings'): NewEvent => ({
  type: 'identity.user.sms-opted-in',
  subjectId: 'u1',
  data: { userId: 'u1', phoneNumber, optedInAt: at, source },
});
const optedOut = (source: 'settings' | 'onboarding' | 'reply' | 'number-changed' | 'number-not-verified', phoneNumber = phone): NewEvent => ({
  type: 'identity.user.sms-opted-out',
  subjectId: 'u1',
  data: { userId: 'u1', phoneNumber, optedOutAt: at, source },
});
const settings = (change: Partial<{ name: string; phoneNumber: string | null; reminderFrequency: 'daily' | 'weekly' }>, sms: { phoneAfter: string | null; wantsSms?: boolean }) =>
  ({
    type: 'ChangeSettings',
    userId: 'u1',
    name: change.name,
    settings: { phoneNumber: change.phoneNumber, reminderFrequency: change.reminderFrequency },
    phoneAfter: sms.phoneAfter,
    wantsSms: sms.wantsSms,
    now,
  }) as const;

describe('user decider: registration and e-mail', () => {
  const register = { type: 'RegisterUser', userId: 'u1', name: 'Ruth', email: 'ruth@example.com', now: new Date('2026-11-22T10:00:00Z') } as const;

  it('registers a new stream with the user role', () => {
    given([]).when(register).then([registered]);
  });

  it('treats a second registration of one id as a bug (an Error, not a refusal a person sees)', () => {
    const decide = () => userDecider.decide(register, { ...userDecider.initialState(), registered: true });
    expect(decide).toThrow('User u1 is already registered');
    expect(decide).not.toThrow(Refusal);
  });

  it('confirms the address once', () => {
    const confirmed: NewEvent = { type: 'identity.user.email-confirmed', subjectId: 'u1', data: { userId: 'u1', confirmedAt: at } };
    given([registered]).when({ type: 'ConfirmEmail', userId: 'u1', now }).then([confirmed]);
    given([registered, confirmed]).when({ type: 'ConfirmEmail', userId: 'u1', now }).thenNothing();
  });

  it('refuses an unknown or deleted account with a 404 in the words the web app shows', () => {
    given([]).when({ type: 'ConfirmEmail', userId: 'u1', now }).thenThrows(errorCodes.notFound, notFound);
    given([registered, deleted]).when({ type: 'RenameUser', userId: 'u1', name: 'Naomi' }).thenThrows(errorCodes.notFound, notFound);
  });
});

describe('user decider: name, onboarding and settings', () => {
  it('renames only when the name changes', () => {
    given([registered])
      .when({ type: 'RenameUser', userId: 'u1', name: 'Naomi' })
      .then([{ type: 'identity.user.profile-updated', subjectId: 'u1', data: { userId: 'u1', name: 'Naomi' } }]);
    given([registered]).when({ type: 'RenameUser', userId: 'u1', name: 'Ruth' }).thenNothing();
  });

  it('records the onboarding answers with the time zone and time, and the opt-in at the number when asked', () => {
    const answers: OnboardingAnswers & { userId: string } = {
      userId: 'u1',
      name: 'Ruth',
      spiritualGoals: ['Deeper prayer life'],
      connectionPreferences: ['prayer'],
      reminderFrequency: 'daily',
      phoneNumber: phone,
      timeZone: 'Europe/London',
    };
    const completed: NewEvent = { type: 'identity.user.onboarding-completed', subjectId: 'u1', data: { ...answers, completedAt: at } };
    given([registered]).when({ type: 'CompleteOnboarding', ...answers, smsOptIn: false, now }).then([completed]);
    given([registered]).when({ type: 'CompleteOnboarding', ...answers, smsOptIn: true, now }).then([completed, optedIn(phone, 'onboarding')]);
    given([registered, deleted]).when({ type: 'CompleteOnboarding', ...answers, smsOptIn: false, now }).thenThrows(errorCodes.notFound, notFound);
  });

  it('records only the settings given, with a new name first', () => {
    given([registered])
      .when(settings({ name: 'Naomi', reminderFrequency: 'weekly' }, { phoneAfter: null }))
      .then([
        { type: 'identity.user.profile-updated', subjectId: 'u1', data: { userId: 'u1', name: 'Naomi' } },
        { type: 'identity.user.settings-updated', subjectId: 'u1', data: { userId: 'u1', reminderFrequency: 'weekly' } },
      ]);
    given([registered]).when(settings({}, { phoneAfter: null })).thenNothing();
    given([registered, deleted]).when(settings({ reminderFrequency: 'weekly' }, { phoneAfter: null })).thenThrows(errorCodes.notFound, notFound);
  });
});

describe('user decider: sharing progress is asked, not assumed (#26)', () => {
  const sharing = (shareProgressWithGroups: boolean): NewEvent => ({
    type: 'identity.user.settings-updated',
    subjectId: 'u1',
    data: { userId: 'u1', shareProgressWithGroups },
  });
  const endImplicit = { type: 'EndImplicitSharing', userId: 'u1' } as const;

  it('records the answer onboarding gives, and nothing about sharing when it gives none', () => {
    const answers: OnboardingAnswers & { userId: string } = {
      userId: 'u1',
      name: 'Ruth',
      spiritualGoals: ['Deeper prayer life'],
      connectionPreferences: ['prayer'],
      reminderFrequency: 'daily',
      phoneNumber: null,
      timeZone: 'UTC',
    };
    const completed: NewEvent = { type: 'identity.user.onboarding-completed', subjectId: 'u1', data: { ...answers, completedAt: at } };
    given([registered]).when({ type: 'CompleteOnboarding', ...answers, smsOptIn: false, shareProgressWithGroups: true, now }).then([completed, sharing(true)]);
    given([registered]).when({ type: 'CompleteOnboarding', ...answers, smsOptIn: false, shareProgressWithGroups: false, now }).then([completed, sharing(false)]);
    given([registered]).when({ type: 'CompleteOnboarding', ...answers, smsOptIn: false, now }).then([completed]);
  });

  it('records an account that never chose as not sharing, once', () => {
    given([registered]).when(endImplicit).then([sharing(false)]);
    given([registered, withNumber]).when(endImplicit).then([sharing(false)]);
    given([registered, sharing(false)]).when(endImplicit).thenNothing();
  });

  it('keeps an explicit choice to share, even after other settings changed', () => {
    given([registered, sharing(true)]).when(endImplicit).thenNothing();
    given([registered, sharing(true), withNumber]).when(endImplicit).thenNothing();
    given([registered, sharing(false), sharing(true)]).when(endImplicit).thenNothing();
  });

  it('leaves unknown and deleted accounts alone', () => {
    given([]).when(endImplicit).thenNothing();
    given([registered, deleted]).when(endImplicit).thenNothing();
  });
});

describe('user decider: reminder texts', () => {
  it('opts in at the number, once', () => {
    given([registered, withNumber]).when(settings({}, { phoneAfter: phone, wantsSms: true })).then([optedIn()]);
    given([registered, withNumber, optedIn()]).when(settings({}, { phoneAfter: phone, wantsSms: true })).thenNothing();
    given([registered, withNumber, optedIn()]).when(settings({}, { phoneAfter: phone })).thenNothing();
    given([registered, withNumber]).when(settings({}, { phoneAfter: phone, wantsSms: false })).thenNothing();
  });

  it('opts out of the number opted in at', () => {
    given([registered, withNumber, optedIn()]).when(settings({}, { phoneAfter: phone, wantsSms: false })).then([optedOut('settings')]);
  });

  it('ends the opt-in when the number changes, and opts in at the new one only when asked again', () => {
    const london = '+442079460000';
    const newNumber: NewEvent = { type: 'identity.user.settings-updated', subjectId: 'u1', data: { userId: 'u1', phoneNumber: london } };
    given([registered, withNumber, optedIn()]).when(settings({ phoneNumber: london }, { phoneAfter: london })).then([newNumber, optedOut('number-changed')]);
    given([registered, withNumber, optedIn()])
      .when(settings({ phoneNumber: london }, { phoneAfter: london, wantsSms: true }))
      .then([newNumber, optedOut('number-changed'), optedIn(london)]);
  });

  it('answers STOP from the number opted in at, once, and START only from the number the member still has', () => {
    const reply = (from: string, keyword: 'stop' | 'start') => ({ type: 'AnswerSmsReply', userId: 'u1', from, keyword, now }) as const;
    given([registered, withNumber, optedIn()]).when(reply(phone, 'stop')).then([optedOut('reply')]);
    given([registered, withNumber, optedIn(), optedOut('reply')]).when(reply(phone, 'stop')).thenNothing();
    given([registered, withNumber, optedIn(), optedOut('reply')]).when(reply(phone, 'start')).then([optedIn(phone, 'reply')]);
    given([registered, withNumber, optedIn(), optedOut('reply')]).when(reply('+12015550999', 'start')).thenNothing();
    // A reply is from a number, not an account: a deleted one decides nothing rather than refusing.
    given([registered, withNumber, optedIn(), deleted]).when(reply(phone, 'stop')).thenNothing();
  });

  it('ends an opt-in at a number never proved while it stands there, and nothing after, elsewhere or when deleted', () => {
    const end = (number: string) => ({ type: 'EndUnprovedOptIn', userId: 'u1', number, now }) as const;
    given([registered, optedIn()]).when(end(phone)).then([optedOut('number-not-verified')]);
    given([registered, optedIn(), optedOut('number-not-verified')]).when(end(phone)).thenNothing();
    given([registered, optedIn()]).when(end('+12015550999')).thenNothing();
    given([registered, optedIn(), deleted]).when(end(phone)).thenNothing();
  });
});

describe('user decider: roles and deletion', () => {
  const moderator: NewEvent = {
    type: 'identity.user.roles-changed',
    subjectId: 'u1',
    data: { userId: 'u1', roles: ['user', 'moderator'], changedBy: 'operator' },
  };

  it('grants a role once and never revokes the user role', () => {
    given([registered]).when({ type: 'ChangeRoles', userId: 'u1', grant: 'moderator', by: 'operator' }).then([moderator]);
    given([registered, moderator]).when({ type: 'ChangeRoles', userId: 'u1', grant: 'moderator', by: 'operator' }).thenNothing();
    given([registered]).when({ type: 'ChangeRoles', userId: 'u1', revoke: 'user', by: 'operator' }).thenNothing();
    given([registered, moderator])
      .when({ type: 'ChangeRoles', userId: 'u1', revoke: 'moderator', by: 'operator' })
      .then([{ type: 'identity.user.roles-changed', subjectId: 'u1', data: { userId: 'u1', roles: ['user'], changedBy: 'operator' } }]);
    given([]).when({ type: 'ChangeRoles', userId: 'u1', grant: 'admin', by: 'operator' }).thenThrows(errorCodes.notFound, notFound);
  });

  it('deletes once; a second deletion, or one of an unknown account, decides nothing', () => {
    given([registered]).when({ type: 'DeleteUser', userId: 'u1', now }).then([deleted]);
    given([registered, deleted]).when({ type: 'DeleteUser', userId: 'u1', now }).thenNothing();
    given([]).when({ type: 'DeleteUser', userId: 'u1', now }).thenNothing();
  });

  it('starts each fold from a fresh state, so one aggregate never shares its roles with another', () => {
    const first = userDecider.initialState();
    first.roles.push('admin');
    expect(userDecider.initialState().roles).toEqual([]);
  });
});
