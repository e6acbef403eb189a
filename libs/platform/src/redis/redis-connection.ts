import { Logger } from '@nestjs/common';
import { Redis, type RedisOptions } from 'ioredis';
import type { HealthCheck } from '../health/health-check';

/**
 * - `requests`: counters read while a request waits (rate limits, sign-in back-off). No offline queue: while Redis is
 *   away a command fails at once and the caller answers a clear 503, instead of the request hanging.
 * - `jobs`: BullMQ workers and schedulers, which must wait out an outage (BullMQ requires maxRetriesPerRequest null).
 * - `enqueue`: adding a job from a request. Fails at once too; a sweep adds what was missed once Redis is back.
 */
export type RedisPurpose = 'requests' | 'jobs' | 'enqueue';

const optionsFor = (purpose: RedisPurpose): RedisOptions => {
  const reconnect = { retryStrategy: (times: number) => Math.min(200 * times, 2000), connectTimeout: 2000 };
  switch (purpose) {
    case 'requests':
      return { ...reconnect, enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1000 };
    case 'enqueue':
      return { ...reconnect, enableOfflineQueue: false, maxRetriesPerRequest: 1 };
    case 'jobs':
      return { ...reconnect, maxRetriesPerRequest: null };
  }
};

/**
 * One ioredis client with the settings of its purpose, which reconnects by itself, logs when Redis goes away and
 * when it is back (not every attempt), reports itself to readiness, and tells listeners about a reconnect so they
 * can restore what a restarted Redis may have lost (job schedulers, queued jobs).
 */
export class RedisConnection {
  readonly client: Redis;
  private readonly logger: Logger;
  private readonly reconnectListeners: Array<() => void | Promise<void>> = [];
  private wasReady = false;
  private downSince?: number;
  private lastError?: string;

  constructor(
    url: string,
    readonly name: string,
    purpose: RedisPurpose,
  ) {
    this.logger = new Logger(`Redis:${name}`);
    this.client = new Redis(url, { ...optionsFor(purpose), connectionName: name });
    this.client.on('error', (error: Error) => {
      this.lastError = error.message;
      if (this.downSince === undefined) {
        this.downSince = Date.now();
        this.logger.warn(`Redis unavailable (${error.message}); reconnecting in the background`);
      }
    });
    this.client.on('close', () => {
      this.downSince ??= Date.now();
    });
    this.client.on('ready', () => {
      if (this.downSince !== undefined && this.wasReady) {
        this.logger.log(`Redis back after ${Math.round((Date.now() - this.downSince) / 1000)} s`);
        for (const listener of this.reconnectListeners) {
          Promise.resolve()
            .then(listener)
            .catch((error: unknown) => this.logger.warn(`Restoring after a reconnect failed: ${(error as Error).message}`));
        }
      }
      this.wasReady = true;
      this.downSince = undefined;
    });
  }

  /** Runs after every reconnect (not the first connect): Redis may have restarted empty. */
  onReconnect(listener: () => void | Promise<void>): void {
    this.reconnectListeners.push(listener);
  }

  get ready(): boolean {
    return this.client.status === 'ready';
  }

  /** Redis-backed work here waits while Redis is away and resumes afterwards: degraded, not unavailable. */
  healthCheck(critical = false): HealthCheck {
    return {
      name: `redis:${this.name}`,
      critical,
      check: async () => {
        if (!this.ready) throw new Error(`${this.client.status}${this.lastError ? ` (${this.lastError})` : ''}`);
        await this.client.ping();
      },
    };
  }

  /**
   * Adds `by` (one; -1 gives a count back) to the counter `key`, (re)sets it to expire after `ttlSeconds`, and returns
   * the count so far. A command can fail inside the transaction without EXEC failing; that rejects too, because a
   * limit that was not counted must not let the request through.
   */
  async countWithin(key: string, ttlSeconds: number, by = 1): Promise<number> {
    const result = await this.client.multi().incrby(key, by).expire(key, ttlSeconds).exec();
    const [error, count] = result?.[0] ?? [new Error(`Redis discarded the transaction counting ${key}`), null];
    if (error) throw error;
    return Number(count);
  }

  close(): void {
    this.client.disconnect();
  }
}

/** Anything that emits 'error' (BullMQ queues and workers): without a listener such an event would end the process. */
export interface ErrorEmitter {
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/**
 * BullMQ repeats a connection error on every attempt; RedisConnection already reports the outage once, so these
 * go to debug. Attaching the listener is what matters: an unheard 'error' event ends the process.
 */
export const logBullmqErrors = (logger: Logger, ...emitters: ErrorEmitter[]): void => {
  for (const emitter of emitters) emitter.on('error', (error) => logger.debug(error.message));
};
