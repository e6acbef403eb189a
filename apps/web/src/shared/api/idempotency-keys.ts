import type { FetchArgs } from '@reduxjs/toolkit/query/react';
// Deep import: the barrel would bring every schema (zod) into the landing page's bundle (issue #12).
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_METHODS } from '@abide/contracts/src/http/idempotency';

/** 128 random bits as hex; getRandomValues works outside secure contexts too (randomUUID does not). */
export const newIdempotencyKey = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * One logical write's request with its `Idempotency-Key` (docs/api.md, "Idempotency keys"): a new key when the write
 * starts, and the same key on every retry of it (after a session refresh, later the offline queue), so the server
 * applies it once. Reads, and writes that already carry a key, are left as they are.
 */
export const withIdempotencyKey = (args: string | FetchArgs): string | FetchArgs => {
  if (typeof args === 'string' || !IDEMPOTENT_METHODS.includes((args.method ?? 'GET').toUpperCase())) return args;
  const headers = new Headers(args.headers as HeadersInit | undefined);
  if (headers.has(IDEMPOTENCY_KEY_HEADER)) return args;
  headers.set(IDEMPOTENCY_KEY_HEADER, newIdempotencyKey());
  return { ...args, headers };
};
