import { errorCodes, type ErrorCode } from './error-codes';

/**
 * A command the domain refuses (the habit does not exist, the member may not do this, the date is outside the
 * window), with a code the web app switches on and a message a person understands. Deciders throw it; the services'
 * problem filter answers it with the status of its code. One type for every refusal, in every service.
 */
export class Refusal extends Error {
  override readonly name: string = 'Refusal';
  /** Every field the refusal is about with its own message, when there are several (see `fields`). */
  readonly fieldErrors?: readonly { field: string; message: string }[];

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The request field the refusal is about, when there is one (shown next to it). */
    readonly field?: string,
  ) {
    super(message);
  }

  /** A request refused for several fields at once (400), each shown next to its field. */
  static fields(errors: readonly { field: string; message: string }[], message = 'Some fields need your attention.'): Refusal {
    return Object.assign(new Refusal(errorCodes.validationFailed, message), { fieldErrors: errors });
  }

  /** What the problem's `errors` list: the fields, each with its message. */
  get errors(): { field: string; message: string }[] | undefined {
    if (this.fieldErrors?.length) return [...this.fieldErrors];
    return this.field ? [{ field: this.field, message: this.message }] : undefined;
  }
}

/** The HTTP status each refusal code answers with; codes not listed are 400. */
export const refusalStatus: Partial<Record<ErrorCode, number>> = {
  [errorCodes.notFound]: 404,
  [errorCodes.forbidden]: 403,
  [errorCodes.conflict]: 409,
  [errorCodes.concurrencyConflict]: 409,
  [errorCodes.entryChanged]: 409,
  [errorCodes.emailTaken]: 409,
  /** A link (an invitation) that was good when opened and was used or withdrawn meanwhile. */
  [errorCodes.invalidLink]: 409,
  [errorCodes.rateLimited]: 429,
  [errorCodes.unauthorized]: 401,
  [errorCodes.twoFactorRequired]: 403,
};
