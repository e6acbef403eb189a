import { decideRegister, foldUser, UserAlreadyRegistered } from './user.decider';

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
    const history = [{ type: 'identity.user.registered', data: { email: 'ruth@example.com' } }];
    expect(() => decideRegister(foldUser(history), command)).toThrow(UserAlreadyRegistered);
  });
});
