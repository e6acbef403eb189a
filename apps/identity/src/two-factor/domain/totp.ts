import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';

/**
 * Time-based one-time codes (RFC 6238) as authenticator apps make them: SHA-1, 6 digits, 30-second steps, through
 * otplib. A code is taken from the step before, the current one and the one after (a clock a little off, a code typed
 * as it changed), and never from a step at or before the last one accepted (a code seen over a shoulder is spent).
 */
export const TOTP_PERIOD_SECONDS = 30;
/** ±30 s: one step either side of now. */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

/** 20 random bytes (160 bits, RFC 4226's recommended length), base32 as the apps take it. */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

export const otpauthUri = (issuer: string, accountName: string, secret: string): string =>
  generateURI({ issuer, label: accountName, secret, period: TOTP_PERIOD_SECONDS });

/** A 6-digit app code, as typed (`123456` or `123 456`); anything else is taken for a recovery code. */
export const looksLikeTotpCode = (code: string): boolean => /^\d{3} ?\d{3}$/.test(code.trim());

export type TotpCheck = { valid: true; timeStep: number } | { valid: false };

export const checkTotp = (secret: string, code: string, { now, afterTimeStep }: { now: Date; afterTimeStep?: number }): TotpCheck => {
  if (!looksLikeTotpCode(code)) return { valid: false };
  const result = verifySync({
    secret,
    token: code.replace(/\s/g, ''),
    period: TOTP_PERIOD_SECONDS,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterTimeStep === undefined ? {} : { afterTimeStep }),
  });
  return result.valid && 'timeStep' in result ? { valid: true, timeStep: result.timeStep } : { valid: false };
};

/** The code an app shows at `now` (tests, the demo seed, the load suite). */
export const totpCodeAt = (secret: string, now: Date): string =>
  generateSync({ secret, period: TOTP_PERIOD_SECONDS, epoch: Math.floor(now.getTime() / 1000) });
