import type { NewEvent } from './stored-event';

/** A valid identity.user.registered event; `name` varies so tests can tell events apart. */
export const userRegistered = (userId: string, name = 'Ada'): NewEvent => ({
  type: 'identity.user.registered',
  subjectId: userId,
  data: { userId, name, email: `${userId}@example.com`, roles: ['user'], registeredAt: '2025-01-01T00:00:00.000Z' },
});

export const profileCreated = (userId: string): NewEvent => ({
  type: 'formation.profile.created',
  subjectId: userId,
  data: { userId, displayName: `Profile ${userId}` },
});
