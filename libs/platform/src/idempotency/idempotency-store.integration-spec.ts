// Idempotency keys claimed by two replicas of a service at once (two connections to one Redis), on the real engine.
import { uniqueName } from '@abide/testing/src/test-engines';
import { Redis } from 'ioredis';
import { IdempotencyStore, type StoredAnswer } from './idempotency-store';

const times = { claimTtlMs: 60_000, windowMs: 24 * 3_600_000 };
let clock = Date.parse('2026-11-30T08:00:00Z');
const now = () => clock;

let connections: Redis[];
let replicas: IdempotencyStore[];
const answer: StoredAnswer = { status: 201, headers: { 'content-type': 'application/json' }, body: '{"id":"e1"}', sealed: false };
let n = 0;
const freshKey = () => `member-1|POST /journal/entries|key-${++n}`;

beforeAll(async () => {
  const prefix = uniqueName('idempotency');
  connections = [new Redis(process.env.REDIS_URL as string), new Redis(process.env.REDIS_URL as string)];
  replicas = connections.map((connection) => new IdempotencyStore(connection, prefix, times, now));
});

afterAll(() => {
  for (const connection of connections) connection.disconnect();
});

describe('idempotency keys across two replicas', () => {
  it('lets exactly one of 20 requests racing on one key through two replicas handle it; the others see it running', async () => {
    const id = freshKey();
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => replicas[i % 2].claim(id, 'member-1', 'same')));
    expect(outcomes.filter((o) => o.kind === 'claimed')).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === 'running')).toHaveLength(19);
  });

  it('repeats the stored answer on either replica, and refuses the key for a different request', async () => {
    const id = freshKey();
    const first = await replicas[0].claim(id, 'member-1', 'same');
    if (first.kind !== 'claimed') throw new Error('expected a claim');
    expect(await replicas[0].answer(id, first.token, answer)).toBe(true);
    expect(await replicas[1].claim(id, 'member-1', 'same')).toEqual({ kind: 'answered', answer });
    expect(await replicas[0].claim(id, 'member-1', 'same')).toEqual({ kind: 'answered', answer });
    expect(await replicas[1].claim(id, 'member-1', 'other body')).toEqual({ kind: 'mismatch' });
  });

  it('hands a claim whose holder died to one repeat once it expired, and drops the dead holder’s late answer', async () => {
    const id = freshKey();
    const dead = await replicas[0].claim(id, 'member-1', 'same');
    if (dead.kind !== 'claimed') throw new Error('expected a claim');
    // Still within the claim: a repeat waits (running), it never runs the write a second time.
    clock += times.claimTtlMs - 1;
    expect((await replicas[1].claim(id, 'member-1', 'same')).kind).toBe('running');
    // Past it: of ten repeats on both replicas, one takes the claim over; the key is not wedged.
    clock += 2;
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => replicas[i % 2].claim(id, 'member-1', 'same')));
    const takeovers = outcomes.filter((o) => o.kind === 'claimed');
    expect(takeovers).toHaveLength(1);
    const taker = takeovers[0];
    if (taker.kind !== 'claimed') throw new Error('expected a claim');
    // The first holder was only slow after all: its answer no longer counts, the new holder's does.
    expect(await replicas[0].answer(id, dead.token, { ...answer, body: '{"id":"late"}' })).toBe(false);
    expect(await replicas[1].answer(id, taker.token, answer)).toBe(true);
    expect(await replicas[0].claim(id, 'member-1', 'same')).toEqual({ kind: 'answered', answer });
  });

  it('gives a released key (the first request failed with a server error) to the next request', async () => {
    const id = freshKey();
    const first = await replicas[0].claim(id, 'member-1', 'same');
    if (first.kind !== 'claimed') throw new Error('expected a claim');
    await replicas[0].release(id, first.token);
    expect((await replicas[1].claim(id, 'member-1', 'same')).kind).toBe('claimed');
  });

  it('forgets a key after its 24 h window: Redis expires it then, and an ended window already means nothing', async () => {
    const id = freshKey();
    const first = await replicas[0].claim(id, 'member-1', 'same');
    if (first.kind !== 'claimed') throw new Error('expected a claim');
    await replicas[0].answer(id, first.token, answer);
    // Storing the answer kept the window's expiry.
    const ttl = await connections[0].pttl(replicas[0].keyOf(id));
    expect(ttl).toBeGreaterThan(times.windowMs - 60_000);
    expect(ttl).toBeLessThanOrEqual(times.windowMs);
    clock += times.windowMs + 1;
    // Even before Redis expires it, an ended window means nothing: a different request with the key is handled.
    expect((await replicas[1].claim(id, 'member-1', 'another')).kind).toBe('claimed');
  });

  it('keeps answers whose body holds any text as sent (quotes, slashes, non-Latin script, empty headers)', async () => {
    const id = freshKey();
    const first = await replicas[0].claim(id, 'member-1', 'same');
    if (first.kind !== 'claimed') throw new Error('expected a claim');
    const odd: StoredAnswer = { status: 200, headers: {}, body: '{"note":"\\"Be still\\" — Ps 46/10, 主は私の羊飼い 🙏"}', sealed: false };
    expect(await replicas[0].answer(id, first.token, odd)).toBe(true);
    expect(await replicas[1].claim(id, 'member-1', 'same')).toEqual({ kind: 'answered', answer: odd });
  });
});
