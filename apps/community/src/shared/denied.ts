import { errorCodes, Refusal } from '@abide/contracts';

/**
 * How a community command or query is refused: a Refusal, whose code the problem filter answers as 404, 403 or 409.
 * Not found names what was not found ("This group" becomes "This group was not found.").
 */
export const denied = {
  notFound: (what: string): Refusal => new Refusal(errorCodes.notFound, `${what} was not found.`),
  forbidden: (message: string): Refusal => new Refusal(errorCodes.forbidden, message),
  conflict: (message: string): Refusal => new Refusal(errorCodes.conflict, message),
};
