import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** The first answer given under a key, as it is repeated: status, the headers that matter, the body as sent. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The body is sealed under the member's data key (services that keep private text), not stored as sent. */
  sealed: boolean;
}

/**
 * One key of one member on one route of this service, kept in Redis as JSON under `<prefix>:idempotency:<id>`, where
 * `id` is `<member>|<METHOD route>|<key>`. `token` names the claim that may store the answer; a takeover after the
 * claim expired changes it. Times are epoch milliseconds.
 */
export interface IdempotencyRecord {
  memberId: string;
  /** A hash of the request (method, path, query, body): a repeat must match it. */
  fingerprint: string;
  token: string;
  state: 'running' | 'answered';
  claimedAt: number;
  /** Until when the claimer is trusted to be handling it; after that, a repeat takes the claim over. */
  claimExpiresAt: number;
  /** The end of the key's window: after it the record means nothing (Redis deletes it then). */
  expiresAt: number;
  answer?: StoredAnswer;
}

export type ClaimOutcome =
  /** This request is the one to handle; store its answer under `token`. */
  | { kind: 'claimed'; token: string }
  /** Handled before: repeat this answer. */
  | { kind: 'answered'; answer: StoredAnswer }
  /** The key was first used for another request. */
  | { kind: 'mismatch' }
  /** Another request with this key is being handled now. */
  | { kind: 'running' };

export interface IdempotencyTimes {
  /** How long a claim is trusted before a repeat may take it over (a crashed instance never answers). */
  claimTtlMs: number;
  /** How long a key's first answer is kept and repeated. */
  windowMs: number;
}

export const idempotencyKeyId = (memberId: string, route: string, key: string): string => `${memberId}|${route}|${key}`;

/**
 * Compare-and-set on the claim's token, in one step on the Redis server (scripts run alone there), so of two replicas
 * acting on one key only the holder of the token it names succeeds. KEYS: the record. ARGV[1]: the token.
 */
const swapIfHeld = (change: string) => `
local current = redis.call('GET', KEYS[1])
if not current then return 0 end
local record = cjson.decode(current)
if record.token ~= ARGV[1] then return 0 end
${change}
return 1
`;

/** Stores the answer (ARGV[2], JSON) in the record, keeping its expiry. */
const ANSWER = swapIfHeld(`
record.state = 'answered'
record.answer = cjson.decode(ARGV[2])
redis.call('SET', KEYS[1], cjson.encode(record), 'KEEPTTL')
`);

/** Replaces an expired claim with a fresh one (ARGV[2], JSON) expiring in ARGV[3] ms. */
const TAKE_OVER = swapIfHeld(`redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])`);

/** Gives a running claim up. */
const RELEASE = swapIfHeld(`
if record.state ~= 'running' then return 0 end
redis.call('DEL', KEYS[1])
`);

type Scripted = Redis & {
  idempotencyAnswer(key: string, token: string, answer: string): Promise<number>;
  idempotencyTakeOver(key: string, token: string, record: string, ttlMs: number): Promise<number>;
  idempotencyRelease(key: string, token: string): Promise<number>;
};

/**
 * The idempotency keys of one service, in Redis: every instance of the service sees the same keys, and a key costs
 * the write path no database round trip. A request with a new key costs one `SET NX` (the claim is the check) before
 * it is handled and one script after it was answered; a repeat costs the refused `SET NX` and one `GET`. The key's
 * window is Redis's own expiry (no sweep). Production's Redis keeps its data across restarts (deploy/README.md).
 */
export class IdempotencyStore {
  private readonly redis: Scripted;

  constructor(
    redis: Redis,
    /** Namespace of the service's keys (REDIS_KEY_PREFIX): stacks sharing one Redis never see each other's. */
    private readonly prefix: string,
    readonly times: IdempotencyTimes,
    private readonly now: () => number = Date.now,
  ) {
    // Idempotent: ioredis keeps one definition per client, and sends each script's hash before its text.
    redis.defineCommand('idempotencyAnswer', { numberOfKeys: 1, lua: ANSWER });
    redis.defineCommand('idempotencyTakeOver', { numberOfKeys: 1, lua: TAKE_OVER });
    redis.defineCommand('idempotencyRelease', { numberOfKeys: 1, lua: RELEASE });
    this.redis = redis as Scripted;
  }

  /** Where the key's record lives in Redis. */
  keyOf(id: string): string {
    return `${this.prefix}:idempotency:${id}`;
  }

  /** Claims the key for this request, or says what became of the request that claimed it first. */
  async claim(id: string, memberId: string, fingerprint: string): Promise<ClaimOutcome> {
    const fresh = this.freshClaim(memberId, fingerprint);
    if (await this.insert(id, fresh)) return { kind: 'claimed', token: fresh.token };
    return this.settle(id, memberId, fingerprint);
  }

  /**
   * What the key holds now, for a request that found it taken: the stored answer, a mismatch, a live claim — or the
   * claim itself when the holder's claim or the whole window ran out (taken over by compare-and-set on its token).
   */
  async settle(id: string, memberId: string, fingerprint: string): Promise<ClaimOutcome> {
    // Each turn either decides or saw the record change under it (expired, or taken over by another repeat).
    for (let turn = 0; turn < 5; turn++) {
      const stored = await this.redis.get(this.keyOf(id));
      const fresh = this.freshClaim(memberId, fingerprint);
      if (stored === null) {
        if (await this.insert(id, fresh)) return { kind: 'claimed', token: fresh.token };
        continue;
      }
      const record = JSON.parse(stored) as IdempotencyRecord;
      const at = this.now();
      const windowOver = record.expiresAt <= at;
      if (!windowOver && record.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (!windowOver && record.state === 'answered' && record.answer) return { kind: 'answered', answer: record.answer };
      if (!windowOver && record.claimExpiresAt > at) return { kind: 'running' };
      if ((await this.redis.idempotencyTakeOver(this.keyOf(id), record.token, JSON.stringify(fresh), this.times.windowMs)) === 1) {
        return { kind: 'claimed', token: fresh.token };
      }
    }
    return { kind: 'running' };
  }

  /** Stores the answer of the claim `token`; false when that claim was taken over meanwhile (its answer is dropped). */
  async answer(id: string, token: string, answer: StoredAnswer): Promise<boolean> {
    return (await this.redis.idempotencyAnswer(this.keyOf(id), token, JSON.stringify(answer))) === 1;
  }

  /** Gives the key up (the request failed in a way worth trying again): the next request with it is handled afresh. */
  async release(id: string, token: string): Promise<void> {
    await this.redis.idempotencyRelease(this.keyOf(id), token);
  }

  /** A new key: set only when absent, expiring with its window. */
  private async insert(id: string, record: IdempotencyRecord): Promise<boolean> {
    return (await this.redis.set(this.keyOf(id), JSON.stringify(record), 'PX', this.times.windowMs, 'NX')) === 'OK';
  }

  private freshClaim(memberId: string, fingerprint: string): IdempotencyRecord {
    const at = this.now();
    return {
      memberId,
      fingerprint,
      token: randomUUID(),
      state: 'running',
      claimedAt: at,
      claimExpiresAt: at + this.times.claimTtlMs,
      expiresAt: at + this.times.windowMs,
    };
  }
}
