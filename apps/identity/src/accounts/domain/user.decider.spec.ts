import { errorCodes, type EventPayload, Refusal } from '@abide/contracts';
import {
  decideChangeRoles,
  decideCompleteOnboarding,
  decideDelete,
  decideRegister,
  decideRename,
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
