import { isTransientError } from './transient-error';

const named = (name: string, extra: Record<string, unknown> = {}) => Object.assign(new Error('x'), { name }, extra);

describe(isTransientError.name, () => {
  it('returns true when the database cannot be reached or the connection dropped', () => {
    expect(isTransientError(named('MongoServerSelectionError'))).toBe(true);
    expect(isTransientError(named('MongoNetworkError'))).toBe(true);
    expect(isTransientError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:27017'), { code: 'ECONNREFUSED' }))).toBe(true);
  });

  it('returns true when a wrapped cause or an aggregated error is transient', () => {
    expect(isTransientError(new Error('outer', { cause: named('MongoNetworkTimeoutError') }))).toBe(true);
    expect(isTransientError(Object.assign(new Error('many'), { errors: [new Error('a'), named('KafkaJSConnectionError')] }))).toBe(true);
  });

  it('returns true for Redis without a connection and Kafka retriable answers', () => {
    expect(isTransientError(new Error("Stream isn't writeable and enableOfflineQueue options is false"))).toBe(true);
    expect(isTransientError(named('KafkaJSProtocolError', { retriable: true }))).toBe(true);
  });

  it('returns false for a bug or a rule broken by the request', () => {
    expect(isTransientError(new TypeError('undefined is not a function'))).toBe(false);
    expect(isTransientError(named('MongoServerError', { code: 11000 }))).toBe(false);
    expect(isTransientError(named('KafkaJSProtocolError', { retriable: false }))).toBe(false);
    expect(isTransientError('text')).toBe(false);
  });
});
