import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RedisConnection } from './redis-connection';

/**
 * A Redis pub/sub channel between the instances of one service, for hints that make something happen sooner, never
 * the only way it happens: a message sent while Redis is away is dropped, and a listener misses what was sent while
 * its subscription was down (ioredis subscribes again after a reconnect).
 */
export class RedisChannel {
  private readonly logger: Logger;
  private readonly publisher: RedisConnection;
  private subscriber?: Redis;

  constructor(
    url: string,
    readonly name: string,
    readonly channel: string,
  ) {
    this.logger = new Logger(`RedisChannel:${name}`);
    // No offline queue: a hint sent while Redis is away is dropped at once rather than queued.
    this.publisher = new RedisConnection(url, name, 'enqueue');
  }

  /** Whether a message sent now can leave (the connection is up; its delivery is still a hint). */
  get ready(): boolean {
    return this.publisher.ready;
  }

  /** Sends `message` to every instance listening; false when it cannot leave now. */
  send(message: string): boolean {
    if (!this.publisher.ready) return false;
    this.publisher.client.publish(this.channel, message).catch(() => undefined);
    return true;
  }

  /** Calls `receive` with each message sent on the channel from now on (by any instance, this one included). */
  listen(receive: (message: string) => void): void {
    if (this.subscriber) throw new Error(`${this.name} already listens`);
    const subscriber = this.publisher.client.duplicate({
      connectionName: `${this.name}-subscriber`,
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
    });
    // Without a listener an 'error' event would end the process; the publisher's connection logs the outage.
    subscriber.on('error', () => undefined);
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel) receive(message);
    });
    subscriber.subscribe(this.channel).catch((error: Error) => this.logger.warn(`Could not listen on ${this.channel}: ${error.message}`));
    this.subscriber = subscriber;
  }

  close(): void {
    this.subscriber?.disconnect();
    this.subscriber = undefined;
    this.publisher.close();
  }
}
