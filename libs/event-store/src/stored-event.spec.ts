import { toEnvelope, type StoredEvent } from './stored-event';

describe(toEnvelope.name, () => {
  it('returns the contracts envelope without the store position', () => {
    const stored: StoredEvent = {
      id: 'i',
      type: 'identity.user.registered',
      schemaVersion: 1,
      streamId: 's',
      version: 1,
      occurredAt: '2025-01-01T00:00:00.000Z',
      subjectId: null,
      correlationId: 'c',
      causationId: null,
      data: {},
      position: 7,
    };
    expect(toEnvelope(stored)).not.toHaveProperty('position');
  });
});
