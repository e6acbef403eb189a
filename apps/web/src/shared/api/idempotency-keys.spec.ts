import type { FetchArgs } from '@reduxjs/toolkit/query/react';
import { withIdempotencyKey } from './idempotency-keys';

const keyOf = (args: string | FetchArgs) =>
  typeof args === 'string' ? null : new Headers(args.headers as HeadersInit).get('idempotency-key');

describe(withIdempotencyKey.name, () => {
  it('gives each write a new key of its own', () => {
    const first = keyOf(withIdempotencyKey({ url: '/journal/entries', method: 'POST', body: {} }));
    const second = keyOf(withIdempotencyKey({ url: '/journal/entries', method: 'POST', body: {} }));

    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    expect(first).not.toBe(second);
  });

  it('keeps the key a retry already carries, and the other headers', () => {
    const once = withIdempotencyKey({ url: '/habits/h1/toggle', method: 'post', headers: { 'x-extra': '1' } });
    const again = withIdempotencyKey(once);

    expect(keyOf(again)).toBe(keyOf(once));
    expect(new Headers((again as FetchArgs).headers as HeadersInit).get('x-extra')).toBe('1');
  });

  it('leaves reads alone', () => {
    expect(keyOf(withIdempotencyKey({ url: '/habits' }))).toBeNull();
    expect(withIdempotencyKey('/habits')).toBe('/habits');
  });
});
