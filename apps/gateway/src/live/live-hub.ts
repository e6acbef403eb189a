import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';

export type EntryListener = (id: string, payload: string) => void;

/**
 * This instance's one Redis subscriber: a channel (an audience's buffer key) is subscribed while at least one stream
 * here listens to it, so an instance hears only the audiences of its own streams. An entry published on Redis by
 * whichever instance consumed the signal reaches the streams of every instance that listens.
 *
 * Pub/sub keeps nothing: a message published while the subscriber was disconnected is gone. So after the
 * subscriber reconnects, `onReconnect` listeners (the open streams) are told, and each stream closes to be resumed
 * from the buffer by its client (docs/architecture.md, "Live updates").
 */
export class LiveHub {
  private readonly logger = new Logger(LiveHub.name);
  private readonly listeners = new Map<string, Set<EntryListener>>();
  /** Each channel's SUBSCRIBE, which every listener of it waits for (a second stream may come before it is done). */
  private readonly subscribed = new Map<string, Promise<unknown>>();
  private readonly reconnectListeners = new Set<() => void>();
  private wasReady = false;
  private lostSince?: number;

  constructor(private readonly subscriber: Redis) {
    subscriber.on('message', (channel: string, message: string) => {
      const space = message.indexOf(' ');
      if (space < 0) return;
      const id = message.slice(0, space);
      const payload = message.slice(space + 1);
      for (const listener of this.listeners.get(channel) ?? []) listener(id, payload);
    });
    subscriber.on('close', () => {
      if (this.wasReady) this.lostSince ??= Date.now();
    });
    subscriber.on('ready', () => {
      if (this.lostSince !== undefined) {
        this.logger.warn(`Live subscriber reconnected after ${Date.now() - this.lostSince} ms; open streams resume from the buffer`);
        for (const listener of [...this.reconnectListeners]) listener();
      }
      this.wasReady = true;
      this.lostSince = undefined;
    });
    subscriber.on('error', () => undefined); // reported by the gateway's Redis readiness check
  }

  /** Listens to `channel` until the returned function is called; resolves once Redis confirmed the subscription. */
  async listen(channel: string, listener: EntryListener): Promise<() => void> {
    let set = this.listeners.get(channel);
    if (!set) {
      this.listeners.set(channel, (set = new Set()));
      this.subscribed.set(channel, this.subscriber.subscribe(channel));
    }
    set.add(listener);
    try {
      await this.subscribed.get(channel);
    } catch (error) {
      this.forget(channel, listener);
      throw error;
    }
    return () => this.forget(channel, listener);
  }

  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  /** Channels this instance listens to (one per audience with an open stream here). */
  get channels(): number {
    return this.listeners.size;
  }

  private forget(channel: string, listener: EntryListener): void {
    const set = this.listeners.get(channel);
    if (!set) return;
    set.delete(listener);
    if (set.size > 0) return;
    this.listeners.delete(channel);
    this.subscribed.delete(channel);
    // Unsubscribing from a channel nobody here listens to any more: a failure (Redis away) leaves it to the reconnect.
    if (this.subscriber.status === 'ready') this.subscriber.unsubscribe(channel).catch(() => undefined);
  }

  close(): void {
    this.subscriber.disconnect();
  }
}
