import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's request signature (X-Twilio-Signature): HMAC-SHA1, keyed by the account's auth token, over the full URL the
 * provider posted to followed by every form field's name and value, names in sorted order; base64.
 */
export const twilioSignature = (authToken: string, url: string, params: Readonly<Record<string, string>>): string =>
  createHmac('sha1', authToken)
    .update(
      Object.keys(params)
        .sort()
        .reduce((data, name) => data + name + params[name], url),
    )
    .digest('base64');

/** True only for the signature the provider would have made for exactly this URL and these fields. */
export const isTwilioSignatureValid = (
  authToken: string,
  url: string,
  params: Readonly<Record<string, string>>,
  signature: string | undefined,
): boolean => {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
};
