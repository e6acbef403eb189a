import { verifyPkce } from './pkce';

export type LinkFlow = 'signup' | 'recovery';

export interface OneTimeCodeState {
  flow: LinkFlow;
  codeChallenge: string;
  expiresAt: Date;
  used: boolean;
}

export type RedeemRefusal = 'unknown' | 'used' | 'expired' | 'wrong-flow' | 'wrong-verifier';

export interface RedeemAttempt {
  /** The flows this endpoint accepts. */
  flows: readonly LinkFlow[];
  /** Absent when the link is opened without the requesting browser (POST /auth/confirm). */
  codeVerifier?: string;
  now: Date;
}

/** Whether a one-time code may be redeemed, and if not, why. Pure: the caller marks it used atomically afterwards. */
export const redeemRefusal = (code: OneTimeCodeState | null, attempt: RedeemAttempt): RedeemRefusal | null => {
  if (!code) return 'unknown';
  if (code.used) return 'used';
  if (code.expiresAt.getTime() <= attempt.now.getTime()) return 'expired';
  if (!attempt.flows.includes(code.flow)) return 'wrong-flow';
  if (attempt.codeVerifier !== undefined && !verifyPkce(attempt.codeVerifier, code.codeChallenge)) return 'wrong-verifier';
  return null;
};

export const redeemRefusalMessages: Record<RedeemRefusal, string> = {
  unknown: 'This link is not valid. Request a new one.',
  'wrong-flow': 'This link is not valid here. Request a new one.',
  used: 'This link has already been used. Sign in, or request a new link.',
  expired: 'This link has expired. Request a new one.',
  'wrong-verifier': 'This link was opened in a different browser from the one that asked for it. Open it there, or request a new link.',
};
