import { EventRegistry, eventVersions, userProfileUpdatedV1 } from '@abide/contracts';
import { z } from 'zod';
import { classifyMessage } from './classify-message';

const envelope = (overrides: Record<string, unknown> = {}) => ({
  id: '01934f5e-7a9b-7c3d-8e2f-123456789abc',
  type: 'identity.user.registered',
  schemaVersion: 1,
  streamId: 'user-1',
  version: 1,
  occurredAt: '2025-01-01T00:00:00.000Z',
  subjectId: 'user-1',
  correlationId: 'c1',
  causationId: null,
  data: { userId: 'user-1', name: 'Ada', email: 'ada@example.com', roles: ['user'], registeredAt: '2025-01-01T00:00:00.000Z' },
  ...overrides,
});
const handled = new Set(['identity.user.registered']);

describe(classifyMessage.name, () => {
  it('returns handle when bytes carry a valid envelope of a handled type', () => {
    const sut = classifyMessage(Buffer.from(JSON.stringify(envelope())), handled);
    expect(sut).toMatchObject({ kind: 'handle', event: { type: 'identity.user.registered', version: 1 } });
  });

  it('returns handle when Nest already parsed the JSON', () => {
    expect(classifyMessage(envelope(), handled).kind).toBe('handle');
  });

  it('returns ignore when the type is not handled, known or not', () => {
    expect(classifyMessage(envelope({ type: 'identity.user.renamed' }), handled).kind).toBe('ignore');
    expect(classifyMessage(envelope({ type: 'formation.profile.created', data: {} }), handled).kind).toBe('ignore');
  });

  it('returns reject when the message is not JSON or empty', () => {
    expect(classifyMessage(Buffer.from('not json'), handled)).toEqual({ kind: 'reject', reason: 'invalid JSON' });
    expect(classifyMessage(null, handled)).toEqual({ kind: 'reject', reason: 'empty message' });
  });

  it('returns reject naming the field when the envelope is invalid', () => {
    const sut = classifyMessage(envelope({ id: 'nope' }), handled);
    expect(sut.kind).toBe('reject');
    expect(sut.kind === 'reject' && sut.reason).toMatch(/invalid envelope: id/);
  });

  it('returns reject naming the field when data fails its schema', () => {
    const sut = classifyMessage(envelope({ data: { ...envelope().data, email: 'x' } }), handled);
    expect(sut.kind === 'reject' && sut.reason).toMatch(/invalid data for identity.user.registered v1: email/);
  });

  it('returns reject when the schema version is newer than this build reads, saying so', () => {
    const sut = classifyMessage(envelope({ schemaVersion: 2 }), handled);
    expect(sut.kind === 'reject' && sut.reason).toBe(
      'schemaVersion 2 of identity.user.registered is newer than this build reads (1); it needs a later build',
    );
  });

  it('returns handle with the current shape when an earlier version arrives', () => {
    // A later build splits the name in two; a v1 message still in flight is upcast, not dead-lettered.
    const v2 = z.object({ userId: z.string().min(1), givenName: z.string().min(1), familyName: z.string() });
    const registry = new EventRegistry({
      'identity.user.profile-updated': eventVersions(userProfileUpdatedV1).next(v2, ({ userId, name }) => {
        const [givenName, ...rest] = name.split(' ');
        return { userId, givenName, familyName: rest.join(' ') };
      }),
    });
    const v1 = envelope({ type: 'identity.user.profile-updated', data: { userId: 'user-1', name: 'Ada King Lovelace' } });
    const sut = classifyMessage(v1, new Set(['identity.user.profile-updated']), registry);
    expect(sut).toMatchObject({
      kind: 'handle',
      event: { schemaVersion: 2, data: { userId: 'user-1', givenName: 'Ada', familyName: 'King Lovelace' } },
    });
  });
});
