// The bench's HTTP client for the public API (through the gateway): JSON or multipart, a bearer token, a client address.
import { createHash, randomBytes } from 'node:crypto';

/**
 * A made-up client address per member (X-Forwarded-For, which the gateway trusts from loopback), so each member
 * gets their own bucket of the per-IP sign-in limit, as real members behind their own connections do.
 */
export const memberIp = (i) => `10.${((i + 1) >> 16) & 255}.${((i + 1) >> 8) & 255}.${(i + 1) & 255}`;

export const request = async (apiUrl, method, path, { token, body, form, ip, cookie, idempotencyKey, timeoutMs = 60_000 } = {}) => {
  const headers = {};
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  if (ip) headers['x-forwarded-for'] = ip;
  if (cookie) headers.cookie = cookie;
  const started = performance.now();
  const res = await fetch(`${apiUrl}${path}`, {
    method,
    headers,
    body: form ?? (body !== undefined ? JSON.stringify(body) : undefined),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  let parsed = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed, text, ms, headers: res.headers };
};

export const expectOk = (res, what) => {
  if (res.status >= 300)
    throw new Error(`could not ${what}: ${res.status} ${typeof res.body === 'string' ? res.body : JSON.stringify(res.body)}`);
  return res.body;
};

/** Like request(), retrying what a busy stack may answer for a moment (409 concurrency conflicts, 429, 503). */
export const requestWithRetry = async (apiUrl, method, path, options = {}, { attempts = 5, retryOn = [409, 429, 502, 503, 504] } = {}) => {
  for (let attempt = 1; ; attempt++) {
    let res;
    try {
      res = await request(apiUrl, method, path, options);
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((r) => setTimeout(r, 200 * attempt));
      continue;
    }
    if (!retryOn.includes(res.status) || attempt >= attempts) return res;
    const after = Number(res.headers.get('retry-after'));
    await new Promise((r) => setTimeout(r, after > 0 && after < 5 ? after * 1000 : 200 * attempt));
  }
};

export const pkcePair = () => {
  const codeVerifier = randomBytes(32).toString('base64url');
  return { codeVerifier, codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url') };
};

/** Runs `work(item, i)` over items with at most `concurrency` at a time; resolves the results in order. */
export const mapLimit = async (items, concurrency, work) => {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, async () => {
      for (let i = next++; i < items.length; i = next++) results[i] = await work(items[i], i);
    }),
  );
  return results;
};

/** The `abide_refresh` cookie of a response ('' when none). */
export const refreshCookieOf = (headers) => {
  const line = headers.getSetCookie().find((c) => c.startsWith('abide_refresh='));
  return line ? line.split(';')[0].slice('abide_refresh='.length) : '';
};
