/**
 * Errors that mean "an engine is away for now" rather than "this request is wrong": the database unreachable or
 * restarting, Redis disconnected, Kafka's retriable answers. Requests answer 503 with Retry-After; consumers let
 * Kafka redeliver instead of dead-lettering a good message.
 */
const TRANSIENT_NAMES = new Set([
  // MongoDB driver / mongoose
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
  'PoolClosedError',
  'MongoServerClosedError',
  'MongoExpiredSessionError',
  // ioredis
  'MaxRetriesPerRequestError',
  // kafkajs
  'KafkaJSConnectionError',
  'KafkaJSConnectionClosedError',
  'KafkaJSNumberOfRetriesExceeded',
  'KafkaJSRequestTimeoutError',
  'KafkaJSBrokerNotFound',
  'KafkaJSNoBrokerAvailableError',
  'KafkaJSLockTimeout',
]);

const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTCONN',
  'EAI_AGAIN',
  // S3 answers of a store that is starting or overloaded
  'XMinioServerNotInitialized',
  'ServiceUnavailable',
  'SlowDown',
]);

// ioredis without an offline queue, and mongoose refusing a call while it has no connection.
const TRANSIENT_MESSAGES = [
  /Stream isn't writeable/i,
  /Command timed out/i,
  /Connection is closed/i,
  /connection .* closed/i,
  /Client must be connected/i,
];

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  retriable?: unknown;
  errorLabels?: unknown;
  cause?: unknown;
  errors?: unknown;
}

export const isTransientError = (error: unknown, depth = 0): boolean => {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const e = error as ErrorLike;
  if (typeof e.name === 'string' && TRANSIENT_NAMES.has(e.name)) return true;
  if (typeof e.code === 'string' && TRANSIENT_CODES.has(e.code)) return true;
  if (e.retriable === true) return true;
  if (Array.isArray(e.errorLabels) && e.errorLabels.some((l) => l === 'RetryableWriteError' || l === 'ResetPool')) return true;
  if (typeof e.message === 'string' && TRANSIENT_MESSAGES.some((re) => re.test(e.message as string))) return true;
  if (e.cause && isTransientError(e.cause, depth + 1)) return true;
  return Array.isArray(e.errors) && e.errors.some((inner) => isTransientError(inner, depth + 1));
};
