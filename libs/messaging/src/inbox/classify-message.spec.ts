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
    expect(sut.kind === 'reject' && sut.reason).toMatch(/invalid data for identity.user.registered: email/);
  });

  it('returns reject when the schema version is not the current one', () => {
    const sut = classifyMessage(envelope({ schemaVersion: 2 }), handled);
    expect(sut.kind === 'reject' && sut.reason).toMatch(/unsupported schemaVersion 2/);
  });
});
