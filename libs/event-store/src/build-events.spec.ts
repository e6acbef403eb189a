import { assertExpectedVersion, buildEventDocuments, validateNewEvents } from './build-events';
import { InvalidEventError } from './errors';
import type { NewEvent } from './stored-event';

const registered = (userId: string): NewEvent => ({
  type: 'identity.user.registered',
  subjectId: userId,
  data: { userId, name: 'Ada', email: 'ada@example.com', roles: ['user'], registeredAt: '2025-01-01T00:00:00.000Z' },
});

describe(validateNewEvents.name, () => {
  it('returns the schema version and parsed data when every event is valid', () => {
    const [sut] = validateNewEvents([registered('u1')]);
    expect(sut).toMatchObject({ type: 'identity.user.registered', schemaVersion: 1, subjectId: 'u1' });
  });

  it('strips keys the schema does not know when storing', () => {
    const event = registered('u1');
    const [sut] = validateNewEvents([{ ...event, data: { ...event.data, extra: 'x' } } as unknown as NewEvent]);
    expect(sut.data).not.toHaveProperty('extra');
  });

  it('throws InvalidEventError when the type is unknown', () => {
    const unknown = { type: 'identity.user.teleported', subjectId: null, data: {} } as unknown as NewEvent;
    expect(() => validateNewEvents([registered('u1'), unknown])).toThrow(InvalidEventError);
    expect(() => validateNewEvents([unknown])).toThrow(/unknown event type/);
  });

  it('throws InvalidEventError naming the field when data is invalid', () => {
    const event = registered('u1');
    const bad = { ...event, data: { ...event.data, email: 'not-an-email' } } as NewEvent;
    expect(() => validateNewEvents([bad])).toThrow(/email/);
  });
});

describe(buildEventDocuments.name, () => {
  it('returns consecutive versions after the expected one, keyed by stream and version', () => {
    let n = 0;
    const sut = buildEventDocuments({
      streamId: 's1',
      expectedVersion: 4,
      events: validateNewEvents([registered('u1'), registered('u1'), registered('u1')]),
      meta: { correlationId: 'c1' },
      occurredAt: new Date('2025-01-02T00:00:00Z'),
      newId: () => `id-${++n}`,
    });
    expect(sut.map((d) => [d._id, d.id, d.version])).toEqual([
      ['s1|0000000005', 'id-1', 5],
      ['s1|0000000006', 'id-2', 6],
      ['s1|0000000007', 'id-3', 7],
    ]);
    expect(sut[0]).toMatchObject({ causationId: null, correlationId: 'c1', streamId: 's1' });
  });
});

describe(assertExpectedVersion.name, () => {
  it('throws when the expected version is negative or fractional', () => {
    expect(() => assertExpectedVersion(-1)).toThrow(RangeError);
    expect(() => assertExpectedVersion(1.5)).toThrow(RangeError);
    expect(() => assertExpectedVersion(0)).not.toThrow();
  });
});
