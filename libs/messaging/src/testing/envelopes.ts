import type { EventEnvelope } from '@abide/contracts';
import { v7 as uuidv7 } from 'uuid';

/** An identity.user.registered envelope (current version) for the inbox specs; `overrides` replace envelope fields. */
export const userRegisteredEnvelope = (name: string, userId = 'user-1', overrides: Partial<EventEnvelope> = {}): EventEnvelope => ({
  id: uuidv7(),
  type: 'identity.user.registered',
  schemaVersion: 1,
  streamId: userId,
  version: 1,
  occurredAt: new Date().toISOString(),
  subjectId: userId,
  correlationId: 'corr',
  causationId: null,
  data: { userId, name, email: 'ada@example.com', roles: ['user'], registeredAt: '2025-01-01T00:00:00.000Z' },
  ...overrides,
});
