import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The unsubscribe link's token: the member id and an HMAC-SHA256 over it, both base64url. Stateless and
 * unguessable; it only ever turns e-mail reminders off, so it needs no expiry.
 */
const sign = (payload: string, secret: string) => createHmac('sha256', secret).update(`unsubscribe-email|${payload}`).digest('base64url');

export const unsubscribeToken = (userId: string, secret: string): string => {
  const payload = Buffer.from(userId, 'utf8').toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
};

/** The member id of a genuine token, or null for anything forged, truncated or malformed. */
export const verifyUnsubscribeToken = (token: string, secret: string): string | null => {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const userId = Buffer.from(payload, 'base64url').toString('utf8');
  return userId || null;
};
