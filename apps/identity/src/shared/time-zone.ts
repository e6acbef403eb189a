import { isValidTimeZone } from '@abide/calendar';
import { DomainError } from '@abide/platform';

/** An IANA zone the runtime knows (what the browser's Intl reports); anything else is a 400, not a silent UTC. */
export const assertTimeZone = (timeZone: string, field = 'timeZone'): string => {
  if (isValidTimeZone(timeZone)) return timeZone;
  throw DomainError.validation([{ field, message: `Unknown time zone "${timeZone}"` }]);
};
