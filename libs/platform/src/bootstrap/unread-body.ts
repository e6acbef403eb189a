import type { FastifyAdapter } from '@nestjs/platform-fastify';
import type { IncomingMessage } from 'node:http';

/** At most this much of a body answered early is read and dropped (above the largest body any route accepts). */
export const UNREAD_BODY_DRAIN_BYTES = 16 * 1024 * 1024;
/** …and for at most this long; then the connection is closed. */
export const UNREAD_BODY_DRAIN_MS = 15_000;

/**
 * Drops the rest of a body whose answer went out before it was read (413 from the body limit, 401 from a guard, 404),
 * instead of closing the connection under the sender. Closed at once, the sender — the gateway, streaming an upload —
 * was still writing: its next write met a reset, and the reset could discard the answer it had not yet read, so the
 * member was told the service was unavailable (a 503) instead of the service's own answer. Bounded in bytes and time,
 * so a sender cannot keep a connection busy with a body nobody wants.
 */
const drainUnread = (raw: IncomingMessage): void => {
  raw.unpipe();
  raw.removeAllListeners('data');
  let dropped = 0;
  const stop = () => raw.destroy();
  const deadline = setTimeout(stop, UNREAD_BODY_DRAIN_MS);
  deadline.unref();
  raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > UNREAD_BODY_DRAIN_BYTES) stop();
  });
  raw.once('close', () => clearTimeout(deadline));
  raw.on('error', () => undefined);
  raw.resume();
};

/** Installs the drain above for every route (Nest's and raw Fastify ones alike). */
export const installUnreadBodyDrain = (adapter: FastifyAdapter): void => {
  adapter.getInstance().addHook('onSend', (request, reply, payload, done) => {
    const raw = request.raw;
    // `complete` is false only on a real request whose body has not all arrived (an injected one has none).
    if (raw.complete === false && !raw.destroyed && !raw.socket?.destroyed) {
      // Fastify asks for `connection: close` after a body error; the drain keeps the connection usable instead.
      reply.removeHeader('connection');
      drainUnread(raw);
    }
    done(null, payload);
  });
};
