/** What other identity features may use of e-mail links: issuing and redeeming one-time codes, and the link itself. */
export { OneTimeCodes, type RedeemedCode } from './one-time-codes.service';
export { callbackLink } from './callback-link';
