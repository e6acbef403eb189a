import { liveStreamEvents } from '@abide/contracts';
import { livePushSeconds, liveStreamsClosed, liveStreamsOpen } from '@abide/platform';
import type { ServerResponse } from 'node:http';
import type { BufferedEntry } from './live-buffer';
import { compareEntryIds, encodeCursor } from './live-cursor';

export type CloseReason = 'client' | 'shed' | 'expired' | 'shutdown' | 'resume';

export interface LiveStreamOptions {
  /** Where each of the caller's audiences stands (the cursor's positions, in the order of their keys). */
  positions: string[];
  /** Unsent bytes allowed before the stream is shed. */
  maxBufferedBytes: number;
  heartbeatMs: number;
  /** The access token's expiry: the stream ends then, and the client reconnects with a fresh token. */
  expiresAt: number;
  /** How long a browser waits before reconnecting (the SSE `retry` field). */
  retryMs: number;
}

/**
 * One member's open stream: writes each buffered entry after its position as an SSE `change` message whose `id` is
 * the cursor after it. While the backlog is read (`replaying`), entries announced live wait in order, then those not
 * yet sent follow it, so nothing is sent twice or skipped. Each audience's entries come in its buffer's order.
 *
 * Slow clients: what the socket cannot take yet waits in Node's write buffer; past `maxBufferedBytes` the stream is
 * closed (shed) and nothing else waits for it. The client reconnects with its cursor and catches up from the buffer.
 */
export class LiveStream {
  private replaying = true;
  private readonly held: Array<{ audience: number; entry: BufferedEntry }> = [];
  private heartbeat?: NodeJS.Timeout;
  private expiry?: NodeJS.Timeout;
  private ended = false;
  private readonly closeListeners: Array<(reason: CloseReason) => void> = [];
  private epoch = '';

  constructor(
    private readonly raw: ServerResponse,
    private readonly options: LiveStreamOptions,
  ) {
    liveStreamsOpen.inc();
    raw.on('close', () => this.finish('client'));
  }

  /** Sends the head of the stream: the SSE headers, the client's retry delay, and `ready` with the current cursor. */
  open(headers: Record<string, string>): void {
    this.raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      // nginx and other proxies would otherwise hold the messages back in their buffers.
      'x-accel-buffering': 'no',
    });
    this.write(`retry: ${this.options.retryMs}\n\n`);
    this.heartbeat = setInterval(() => this.write(': keep-alive\n\n'), this.options.heartbeatMs);
    this.heartbeat.unref();
    this.expiry = setTimeout(() => this.close('expired'), Math.max(0, this.options.expiresAt - Date.now()));
    this.expiry.unref();
  }

  /** Where the stream starts for an audience (before `replay`). */
  positionAt(audience: number, id: string): void {
    this.options.positions[audience] = id;
  }

  /** The buffer's epoch, part of every cursor sent (before `open`). */
  setEpoch(epoch: string): void {
    this.epoch = epoch;
  }

  onClose(listener: (reason: CloseReason) => void): void {
    this.closeListeners.push(listener);
  }

  get closed(): boolean {
    return this.ended;
  }

  /** An entry announced on an audience's channel. */
  deliver(audience: number, entry: BufferedEntry): void {
    if (this.ended) return;
    if (this.replaying) this.held.push({ audience, entry });
    else this.send(audience, entry);
  }

  /**
   * The backlog read from the buffer (per audience, oldest first), then what was announced meanwhile; `resync` first
   * when the buffer no longer holds everything since the client's cursor.
   */
  replay(backlog: BufferedEntry[][], resync: boolean): void {
    if (this.ended) return;
    if (resync) this.message(liveStreamEvents.resync, '{}');
    backlog.forEach((entries, audience) => entries.forEach((entry) => this.send(audience, entry)));
    this.replaying = false;
    for (const { audience, entry } of this.held.splice(0)) this.send(audience, entry);
    this.message(liveStreamEvents.ready, '{}');
  }

  /** Gives up before the stream began (its request is answered with a problem instead). */
  abandon(): void {
    this.finish('client');
  }

  /** Ends the stream: cleanly for a client that keeps up, at once for one that is shed (its socket is full). */
  close(reason: CloseReason): void {
    if (this.ended) return;
    if (reason === 'shed') this.raw.destroy();
    else this.raw.end();
    this.finish(reason);
  }

  private send(audience: number, entry: BufferedEntry): void {
    // Already sent (the backlog and the live announcement overlap while replaying).
    if (compareEntryIds(entry.id, this.options.positions[audience]) <= 0) return;
    this.options.positions[audience] = entry.id;
    this.message(liveStreamEvents.change, entry.payload);
    const occurredAt = Date.parse((JSON.parse(entry.payload) as { occurredAt?: string }).occurredAt ?? '');
    if (Number.isFinite(occurredAt)) livePushSeconds.observe(Math.max(0, Date.now() - occurredAt) / 1000);
  }

  private message(event: string, data: string): void {
    this.write(`id: ${encodeCursor({ epoch: this.epoch, positions: this.options.positions })}\nevent: ${event}\ndata: ${data}\n\n`);
  }

  private write(text: string): void {
    if (this.ended) return;
    this.raw.write(text);
    if (this.raw.writableLength > this.options.maxBufferedBytes) this.close('shed');
  }

  private finish(reason: CloseReason): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.expiry);
    this.held.length = 0;
    liveStreamsOpen.dec();
    liveStreamsClosed.inc({ reason });
    for (const listener of this.closeListeners) listener(reason);
  }
}
