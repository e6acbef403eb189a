import type { LinkFlow, RedeemAttempt } from './domain/one-time-code';
import type { RedeemedCode } from './one-time-codes.service';

/** What other identity features may use of e-mail links (docs/structure.md, "Ports"): issuing and redeeming one-time codes, and the link itself. */
export type { RedeemedCode };
export { callbackLink } from './callback-link';

export abstract class LinkCodes {
  /** Returns the code for the e-mail link; only its hash is stored. */
  abstract issue(userId: string, flow: LinkFlow, codeChallenge: string): Promise<string>;
  /** Checks the code and marks it used; 400 with a message saying what is wrong otherwise. */
  abstract redeem(code: string, attempt: Omit<RedeemAttempt, 'now'>): Promise<RedeemedCode>;
}
