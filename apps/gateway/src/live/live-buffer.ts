import type { Redis } from 'ioredis';
import { START_ID } from './live-cursor';

/** One buffered message: its entry id (the stream position) and the JSON pushed to the browser. */
export interface BufferedEntry {
  id: string;
  payload: string;
}

/** Where an audience's buffer stands: the last id it gave, the oldest it keeps, how many it ever got and keeps. */
export interface BufferHead {
  lastId: string;
  firstId: string | null;
  entriesAdded: number;
  length: number;
}

/**
 * Applies one signal once: marks its id seen (a redelivery stops there), then appends it to each audience's stream
 * (trimmed to about ARGV[2] entries, kept ARGV[4] seconds after the last one) and publishes the entry on the channel
 * of the same name, as `<entry id> <payload>`, for the instances holding that audience's open streams. Atomic, so a
 * stream never has an entry its channel did not announce. Returns how many audiences got it (0: seen before).
 */
const APPEND_SCRIPT = `
if not redis.call('SET', KEYS[1], '1', 'NX', 'EX', ARGV[1]) then return 0 end
for i = 2, #KEYS do
  local id = redis.call('XADD', KEYS[i], 'MAXLEN', '~', ARGV[2], '*', 'p', ARGV[3])
  redis.call('EXPIRE', KEYS[i], ARGV[4])
  redis.call('PUBLISH', KEYS[i], id .. ' ' .. ARGV[3])
end
return #KEYS - 1
`;

/** How long a signal id is remembered: well past a consumer group's redelivery after a rebalance or a restart. */
const SEEN_SECONDS = 3600;

type LiveRedis = Redis & {
  liveAppend(numKeys: number, ...args: Array<string | number>): Promise<number>;
};

/**
 * The gateway's live buffer in Redis (docs/architecture.md, "Live updates"): one stream per audience, bounded and
 * expiring, which a reconnecting browser resumes from, and whose entries are announced on pub/sub to every instance.
 * Every read and write here is by key. (The append touches several keys in one script: on a Redis Cluster they would
 * need one hash slot; this deployment runs one Redis.)
 */
export class LiveBuffer {
  private readonly redis: LiveRedis;
  private epochOf?: Promise<string>;

  constructor(
    redis: Redis,
    private readonly options: { length: number; retentionSeconds: number },
  ) {
    this.redis = redis as LiveRedis;
    if (!('liveAppend' in redis)) redis.defineCommand('liveAppend', { lua: APPEND_SCRIPT });
    // A (re)connection may be to a restarted Redis: its epoch is asked again.
    redis.on('ready', () => (this.epochOf = undefined));
  }

  append(seenKey: string, audienceKeys: readonly string[], payload: string): Promise<number> {
    return this.redis.liveAppend(
      audienceKeys.length + 1,
      seenKey,
      ...audienceKeys,
      SEEN_SECONDS,
      this.options.length,
      payload,
      this.options.retentionSeconds,
    );
  }

  /** Entries after `afterId`, oldest first, at most the buffer's length. */
  async after(key: string, afterId: string): Promise<BufferedEntry[]> {
    // A stream trimmed with `~` keeps up to one macro node (100 entries by default) beyond its length.
    const entries = await this.redis.xrange(key, `(${afterId}`, '+', 'COUNT', this.options.length + 200);
    return entries.map(([id, fields]) => ({ id, payload: fields[fields.indexOf('p') + 1] ?? '{}' }));
  }

  /** Where the audience's buffer stands; an audience with no buffer (none yet, or expired) is at 0-0. */
  async head(key: string): Promise<BufferHead> {
    let info: unknown[];
    try {
      info = (await this.redis.call('XINFO', 'STREAM', key)) as unknown[];
    } catch (error) {
      if (/no such key/i.test((error as Error).message)) return { lastId: START_ID, firstId: null, entriesAdded: 0, length: 0 };
      throw error;
    }
    const field = (name: string): unknown => info[info.indexOf(name) + 1];
    const first = field('first-entry') as [string, string[]] | null;
    return {
      lastId: String(field('last-generated-id')),
      firstId: first ? first[0] : null,
      entriesAdded: Number(field('entries-added')),
      length: Number(field('length')),
    };
  }

  /**
   * Which Redis this is since its last start: a cursor from before a restart cannot be resumed (its buffer is gone).
   * Asked once per connection.
   */
  epoch(): Promise<string> {
    this.epochOf ??= this.redis.info('server').then((info) => {
      const runId = /run_id:([0-9a-f]+)/.exec(info)?.[1];
      if (!runId) throw new Error('Redis did not say its run_id');
      return runId.slice(0, 16);
    });
    this.epochOf.catch(() => (this.epochOf = undefined));
    return this.epochOf;
  }
}
