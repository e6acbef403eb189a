import { errorCodes, type EventPayload, Refusal } from '@abide/contracts';
import {
  decideChangeRoles,
  decideCompleteOnboarding,
  decideDelete,
  decideEndUnprovedOptIn,
  decideRegister,
  decideRename,
  decideSmsChoice,
  decideSmsReply,
  decideUpdateSettings,
  foldUser,
  UserAlreadyRegistered,
  userDecider,
  UserNotFound,
} from './user.decider';

const registered: EventPayload[] = [
  {
    type: 'identity.user.registered',
    data: { userId: 'u1', email: 'ruth@example.com', name: 'Ruth', roles: ['user'], registeredAt: '2026-11-22T10:00:00.000Z' },
  },
];
const deleted: EventPayload = { type: 'identity.user.deleted', data: { userId: 'u1', deletedAt: '2026-11-23T10:00:00.000Z' } };

describe('decideRegister', () => {
  const command = { userId: 'u1', name: 'Ruth', email: 'ruth@example.com', now: new Date('2026-11-22T10:00:00Z') };

  it('returns one registered event with the user role when the stream is new', () => {
    const sut = decideRegister(foldUser([]), command);
    expect(sut).toEqual([
      {
        type: 'identity.user.registered',
        subjectId: 'u1',
        data: { userId: 'u1', name: 'Ruth', email: 'ruth@example.com', roles: ['user'], registeredAt: '2026-11-22T10:00:00.000Z' },
      },
    ]);
  });

  it('refuses when the user is already registered', () => {
    expect(() => decideRegister(foldUser(registered), command)).toThrow(UserAlreadyRegistered);
  });
});

describe('decideRename', () => {
  it('returns nothing when the name is unchanged', () => {
    expect(decideRename(foldUser(registered), 'u1', 'Ruth')).toEqual([]);
  });

  it('refuses a rename of an account that was deleted', () => {
    const history = [...registered, deleted];
    expect(() => decideRename(foldUser(history), 'u1', 'Naomi')).toThrow(UserNotFound);
  });

  it('refuses an unknown account with a not-found refusal in the words the web app shows', () => {
    const rename = () => decideRename(userDecider.initialState(), 'u1', 'Naomi');
    expect(rename).toThrow(Refusal);
    expect(rename).toThrow('This account was not found.');
    expect(new UserNotFound().code).toBe(errorCodes.notFound);
  });
});

describe('userDecider', () => {
  it('starts each fold from a fresh state, so one aggregate never shares its roles with another', () => {
    const first = userDecider.initialState();
    first.roles.push('admin');
    expect(userDecider.initialState().roles).toEqual([]);
  });
});

describe('decideCompleteOnboarding', () => {
  it('returns the answers with the time zone and completion time', () => {
    const sut = decideCompleteOnboarding(foldUser(registered), {
      userId: 'u1',
      name: 'Ruth',
      spiritualGoals: ['Deeper prayer life'],
      connectionPreferences: ['prayer'],
      reminderFrequency: 'daily',
      phoneNumber: null,
      timeZone: 'Europe/London',
      now: new Date('2026-11-22T10:00:00Z'),
    });
    expect(sut[0].data).toMatchObject({
      spiritualGoals: ['Deeper prayer life'],
      timeZone: 'Europe/London',
      completedAt: '2026-11-22T10:00:00.000Z',
    });
  });
});

describe('decideUpdateSettings', () => {
  it('returns only the fields that were given', () => {
    const sut = decideUpdateSettings(foldUser(registered), 'u1', { reminderFrequency: 'weekly', channels: undefined });
    expect(sut).toEqual([{ type: 'identity.user.settings-updated', subjectId: 'u1', data: { userId: 'u1', reminderFrequency: 'weekly' } }]);
  });
});

describe('decideChangeRoles', () => {
  it('returns the new role set when a role is granted', () => {
    const sut = decideChangeRoles(foldUser(registered), 'u1', { grant: 'moderator', by: 'operator' });
    expect(sut[0].data).toEqual({ userId: 'u1', roles: ['user', 'moderator'], changedBy: 'operator' });
  });

  it('returns nothing when the role is already held', () => {
    const history: EventPayload[] = [
      ...registered,
      { type: 'identity.user.roles-changed', data: { userId: 'u1', roles: ['user', 'moderator'], changedBy: 'operator' } },
    ];
    expect(decideChangeRoles(foldUser(history), 'u1', { grant: 'moderator', by: 'operator' })).toEqual([]);
  });

  it('never revokes the base user role', () => {
    expect(decideChangeRoles(foldUser(registered), 'u1', { revoke: 'user', by: 'operator' })).toEqual([]);
  });
});

describe('decideDelete', () => {
  it('returns nothing when the account is already deleted', () => {
    const history = [...registered, deleted];
    expect(decideDelete(foldUser(history), 'u1', new Date())).toEqual([]);
  });
});

describe('decideSmsChoice', () => {
  const now = new Date('2026-11-24T09:00:00Z');
  const choice = (phoneNumber: string | null, wantsSms: boolean | undefined) =>
    ({ userId: 'u1', phoneNumber, wantsSms, source: 'settings', now }) as const;
  const fold = (...events: Array<{ type: string; data: object }>) => foldUser([...registered, ...(events as EventPayload[])]);
  const optedIn = (history: EventPayload[]) => decideSmsChoice(foldUser(history), choice('+12015550123', true));

  it('returns the opt-in with the number, its time and where it was given', () => {
    expect(optedIn(registered)).toEqual([
      {
        type: 'identity.user.sms-opted-in',
        subjectId: 'u1',
        data: { userId: 'u1', phoneNumber: '+12015550123', optedInAt: '2026-11-24T09:00:00.000Z', source: 'settings' },
      },
    ]);
  });

  it('returns nothing for the same opt-in again, or for no texts when none were asked for', () => {
    const on = fold(...optedIn(registered));
    expect(decideSmsChoice(on, choice('+12015550123', true))).toEqual([]);
    expect(decideSmsChoice(on, choice('+12015550123', undefined))).toEqual([]);
    expect(decideSmsChoice(foldUser(registered), choice('+12015550123', false))).toEqual([]);
  });

  it('returns the opt-out of the number opted in at', () => {
    const sut = decideSmsChoice(fold(...optedIn(registered)), choice('+12015550123', false));
    expect(sut.map((e) => [e.type, e.data.phoneNumber, e.data.source])).toEqual([
      ['identity.user.sms-opted-out', '+12015550123', 'settings'],
    ]);
  });

  it('ends the opt-in when the number changes, and opts in at the new one only when asked again', () => {
    const on = fold(...optedIn(registered));
    expect(decideSmsChoice(on, choice('+442079460000', undefined)).map((e) => [e.type, e.data.phoneNumber, e.data.source])).toEqual([
      ['identity.user.sms-opted-out', '+12015550123', 'number-changed'],
    ]);
    expect(decideSmsChoice(on, choice('+442079460000', true)).map((e) => [e.type, e.data.phoneNumber])).toEqual([
      ['identity.user.sms-opted-out', '+12015550123'],
      ['identity.user.sms-opted-in', '+442079460000'],
    ]);
  });

  it('refuses a deleted account', () => {
    expect(() => decideSmsChoice(fold(deleted), choice('+12015550123', true))).toThrow(UserNotFound);
  });
});

describe('decideSmsReply', () => {
  const now = new Date('2026-11-24T09:00:00Z');
  const phone = '+12015550123';
  const withNumber = [
    ...registered,
    { type: 'identity.user.settings-updated', data: { userId: 'u1', phoneNumber: phone } },
  ] as EventPayload[];
  const on = [
    ...withNumber,
    ...decideSmsChoice(foldUser(withNumber), { userId: 'u1', phoneNumber: phone, wantsSms: true, source: 'settings', now }),
  ];

  it('returns the opt-out for STOP from the number opted in at, and nothing for a second STOP', () => {
    const sut = decideSmsReply(foldUser(on), { userId: 'u1', from: phone, keyword: 'stop', now });
    expect(sut.map((e) => [e.type, e.data.source])).toEqual([['identity.user.sms-opted-out', 'reply']]);
    expect(decideSmsReply(foldUser([...on, ...sut]), { userId: 'u1', from: phone, keyword: 'stop', now })).toEqual([]);
  });

  it('returns the opt-in for START only from the number the member still has', () => {
    const stopped = [...on, ...decideSmsReply(foldUser(on), { userId: 'u1', from: phone, keyword: 'stop', now })];
    expect(decideSmsReply(foldUser(stopped), { userId: 'u1', from: phone, keyword: 'start', now }).map((e) => e.type)).toEqual([
      'identity.user.sms-opted-in',
    ]);
    expect(decideSmsReply(foldUser(stopped), { userId: 'u1', from: '+12015550999', keyword: 'start', now })).toEqual([]);
  });

  it('returns nothing for a deleted account', () => {
    expect(decideSmsReply(foldUser([...on, deleted]), { userId: 'u1', from: phone, keyword: 'stop', now })).toEqual([]);
  });
});

describe('decideEndUnprovedOptIn', () => {
  const now = new Date('2026-11-29T13:00:00Z');
  const phone = '+12015550123';
  const on = [
    ...registered,
    {
      type: 'identity.user.sms-opted-in',
      data: { userId: 'u1', phoneNumber: phone, optedInAt: '2026-01-05T08:00:00.000Z', source: 'onboarding' },
    },
  ] as EventPayload[];

  it('returns the opt-out with source number-not-verified while the opt-in stands at the number, and nothing once it is ended', () => {
    const sut = decideEndUnprovedOptIn(foldUser(on), { userId: 'u1', number: phone, now });
    expect(sut).toEqual([
      {
        type: 'identity.user.sms-opted-out',
        subjectId: 'u1',
        data: { userId: 'u1', phoneNumber: phone, optedOutAt: '2026-11-29T13:00:00.000Z', source: 'number-not-verified' },
      },
    ]);
    expect(decideEndUnprovedOptIn(foldUser([...on, ...sut]), { userId: 'u1', number: phone, now })).toEqual([]);
  });

  it('returns nothing when the opt-in now stands at another number, or the account is deleted', () => {
    expect(decideEndUnprovedOptIn(foldUser(on), { userId: 'u1', number: '+12015550999', now })).toEqual([]);
    expect(decideEndUnprovedOptIn(foldUser([...on, deleted]), { userId: 'u1', number: phone, now })).toEqual([]);
  });
});
