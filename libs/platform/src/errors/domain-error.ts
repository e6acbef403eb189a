import { errorCodes, type ErrorCode } from '@abide/contracts';

export interface FieldError {
  field: string;
  message: string;
}

/** A failure the user can act on: carries a code, an HTTP status and a message a person understands. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(detail ?? title);
  }

  static notFound(what: string): DomainError {
    return new DomainError(errorCodes.notFound, 404, 'Not found', `${what} was not found.`);
  }

  static forbidden(detail = 'You are not allowed to do this.'): DomainError {
    return new DomainError(errorCodes.forbidden, 403, 'Forbidden', detail);
  }

  static conflict(detail: string, code: ErrorCode = errorCodes.conflict): DomainError {
    return new DomainError(code, 409, 'Conflict', detail);
  }

  /** An engine this request needs is away for a moment: 503 with Retry-After, the client may simply try again. */
  static unavailable(detail: string, retryAfterSeconds = 5): DomainError {
    return new DomainError(errorCodes.serviceUnavailable, 503, 'Service unavailable', detail, undefined, {
      'retry-after': String(retryAfterSeconds),
    });
  }

  /** Another service this request needs did not answer (503) or not in time (504), named for the member. */
  static upstream(service: string, timedOut: boolean): DomainError {
    return timedOut
      ? new DomainError(
          errorCodes.upstreamTimeout,
          504,
          'Upstream timeout',
          `The ${service} service took too long to answer. Please try again.`,
        )
      : new DomainError(
          errorCodes.serviceUnavailable,
          503,
          'Service unavailable',
          `The ${service} service is unavailable right now. Please try again shortly.`,
          undefined,
          { 'retry-after': '5' },
        );
  }

  static validation(errors: FieldError[], detail = 'Some fields need your attention.'): DomainError {
    return new DomainError(errorCodes.validationFailed, 400, 'Invalid request', detail, errors);
  }
}
