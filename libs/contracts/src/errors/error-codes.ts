/** Machine-readable error codes carried in problem+json `code`; the web app switches on these. */
export const errorCodes = {
  validationFailed: 'VALIDATION_FAILED',
  notFound: 'NOT_FOUND',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  conflict: 'CONFLICT',
  concurrencyConflict: 'CONCURRENCY_CONFLICT',
  emailTaken: 'EMAIL_TAKEN',
  weakPassword: 'WEAK_PASSWORD',
  invalidCredentials: 'INVALID_CREDENTIALS',
  rateLimited: 'RATE_LIMITED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  upstreamTimeout: 'UPSTREAM_TIMEOUT',
  internal: 'INTERNAL',
  emailNotConfirmed: 'EMAIL_NOT_CONFIRMED',
  invalidLink: 'INVALID_LINK',
  sessionExpired: 'SESSION_EXPIRED',
  recoveryRequired: 'RECOVERY_REQUIRED',
  /** A moderator or admin route asked by a session that has not passed two-factor sign-in. */
  twoFactorRequired: 'TWO_FACTOR_REQUIRED',
  /** A two-factor code (or recovery code) that is wrong, already used, or from too long ago. */
  invalidCode: 'INVALID_CODE',
  /** The second step of a sign-in came too late, or its challenge was already used. */
  challengeExpired: 'CHALLENGE_EXPIRED',
  /** The client hung up before its request could be counted or passed on; nobody reads this answer. */
  clientClosedRequest: 'CLIENT_CLOSED_REQUEST',
  /** An Idempotency-Key sent again with a different request (another body, path or query) than its first use. */
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  /** An Idempotency-Key whose first request is still being handled after the repeat waited for it. */
  idempotencyKeyInProgress: 'IDEMPOTENCY_KEY_IN_PROGRESS',
  /** An edit made from an older version of the entry (`basedOn`): it was saved elsewhere since, and nothing changed. */
  entryChanged: 'ENTRY_CHANGED',
} as const;

export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

/** RFC 9457 problem details as every service and the gateway answer them. */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  code: ErrorCode;
  requestId?: string;
  errors?: Array<{ field: string; message: string }>;
  /** With Retry-After (a limit, a brief outage): the moment, ISO 8601, from which trying again can succeed. */
  retryAt?: string;
}
