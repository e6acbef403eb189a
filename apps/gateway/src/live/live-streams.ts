import {
  type BeforeApplicationShutdown,
  HttpException,
  Inject,
  Injectable,
  Logger,
  type OnModuleDestroy,
  type OnModuleInit,
  UnauthorizedException,
} from '@nestjs/common';
import { errorCodes } from '@abide/contracts';
import { type AuthUser, bearerToken, SESSION_MISSING, TokenVerifier } from '@abide/auth';
import { DomainError, HealthRegistry, isTransientError, RedisConnection } from '@abide/platform';
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/env.schema';
import { clientAddress } from '../shared/client-address';
import { clientNetwork } from '../shared/client-network';
import { type BufferedEntry, type BufferHead, LiveBuffer } from './live-buffer';
import { compareEntryIds, decodeCursor, entryTime, START_ID } from './live-cursor';
import { LiveHub } from './live-hub';
import { LiveKeys } from './live-audiences';
import { type LiveSlot, LiveSlots, type SlotRefusal } from './live-slots';
import { LiveStream } from './live-stream';

/** How long a browser waits before it reconnects after a stream ended (the SSE `retry` field). */
const RETRY_MS = 1000;
const UNAVAILABLE = 'Live updates are briefly unavailable. The page still works; it will update again shortly.';

/**
 * Whether the buffer may have lost entries after `position` (the last one a client had). The buffer is trimmed from
 * its oldest end, so while the client's own entry is still there nothing after it is gone; once it is not (trimmed,
 * or the buffer expired and began again), something may be. A position of 0-0 means the buffer was empty when the
 * client connected: then anything trimmed since was after it.
 */
export const bufferLostSince = (position: string, head: BufferHead): boolean => {
  if (position === START_ID) return head.entriesAdded > head.length;
  return head.firstId === null || compareEntryIds(head.firstId, position) > 0;
};

/**
 * `GET /api/live`: each signed-in member's stream of live updates (docs/architecture.md, "Live updates"). The token
 * is checked here, at the edge, against identity's keys, as the services check theirs: the stream is the gateway's
 * own route. Who hears what was decided by the service that sent each signal; here a caller hears only their own
 * audience and the role audiences their token's roles put them in.
 */
@Injectable()
export class LiveStreams implements OnModuleInit, BeforeApplicationShutdown, OnModuleDestroy {
  private readonly logger = new Logger(LiveStreams.name);
  private readonly redis: RedisConnection;
  readonly buffer: LiveBuffer;
  readonly keys: LiveKeys;
  private readonly hub: LiveHub;
  private readonly verifier: TokenVerifier;
  private readonly streams = new Set<LiveStream>();
  private readonly slots: LiveSlots;
  /** The slots of the streams this instance holds, renewed while they are open. */
  private readonly held = new Set<LiveSlot>();
  private readonly renewal: NodeJS.Timeout;
  private stopping = false;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly health: HealthRegistry,
  ) {
    // No offline queue (a stream asked for while Redis is away answers 503 at once), and no per-command timeout: a burst
    // of streams opening waits its turn rather than failing.
    this.redis = new RedisConnection(config.REDIS_URL, 'live', 'enqueue');
    this.buffer = new LiveBuffer(this.redis.client, { length: config.LIVE_BUFFER_LENGTH, retentionSeconds: config.LIVE_RETENTION_SECONDS });
    this.keys = new LiveKeys(config.REDIS_KEY_PREFIX);
    const leaseMs = config.LIVE_SLOT_LEASE_SECONDS * 1000;
    this.slots = new LiveSlots(this.redis.client, {
      perMember: config.LIVE_STREAMS_PER_MEMBER,
      perNetwork: config.LIVE_STREAMS_PER_ADDRESS,
      leaseMs,
    });
    // Three renewals per lease: one lost to a Redis hiccup does not let a live stream's slot lapse.
    this.renewal = setInterval(() => {
      this.slots.renew(this.held).catch((error: unknown) => this.logger.warn({ err: error }, 'could not renew the live streams’ slots'));
    }, leaseMs / 3);
    this.renewal.unref();
    // A subscriber waits out an outage (and subscribes again after it) rather than failing its commands.
    this.hub = new LiveHub(
      this.redis.client.duplicate({ connectionName: 'live-subscriber', enableOfflineQueue: true, commandTimeout: undefined }),
    );
    this.hub.onReconnect(() => this.closeAll('resume'));
    this.verifier = new TokenVerifier({ jwksUrl: config.AUTH_JWKS_URL, issuer: config.AUTH_ISSUER, audience: config.AUTH_AUDIENCE });
  }

  onModuleInit(): void {
    this.health.add(this.redis.healthCheck());
  }

  /** Streams open on this instance. */
  get open(): number {
    return this.streams.size;
  }

  /** Audiences this instance listens to on Redis: one per audience with an open stream here, none once all closed. */
  get listenedAudiences(): number {
    return this.hub.channels;
  }

  /** The caller of a stream request and their token's expiry; a 401 problem without a valid bearer token. */
  async authenticate(request: FastifyRequest): Promise<{ user: AuthUser; expiresAt: number }> {
    const token = bearerToken(request.headers.authorization);
    const verified = token ? await this.verifier.verifyWithExpiry(token).catch(() => undefined) : undefined;
    if (!verified) throw new UnauthorizedException(SESSION_MISSING);
    return verified;
  }

  async serve(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (this.stopping) throw DomainError.unavailable(UNAVAILABLE, 1);
    // A client may hang up while the caller is authenticated and a slot taken: the response's 'close' then fires
    // before the stream below listens for it, and would never fire again.
    let left = reply.raw.destroyed;
    reply.raw.once('close', () => (left = true));
    const { user, expiresAt } = await this.authenticate(request);
    const keys = this.keys.ofCaller(user.id, user.roles, user.aal);
    const slot = await this.takeSlot(user.id, clientAddress(request));
    const stream = new LiveStream(reply.raw, {
      positions: keys.map(() => START_ID),
      maxBufferedBytes: this.config.LIVE_MAX_BUFFERED_BYTES,
      heartbeatMs: this.config.LIVE_HEARTBEAT_SECONDS * 1000,
      expiresAt,
      retryMs: RETRY_MS,
    });
    const unlisten: Array<() => void> = [];
    stream.onClose((reason) => {
      this.streams.delete(stream);
      this.giveBack(slot);
      for (const stop of unlisten) stop();
      if (reason === 'shed') this.logger.warn({ userId: user.id, requestId: request.id }, 'live stream shed: its client fell behind');
    });
    // The client left while its slot was taken (before the stream listened for it): give the slot back now.
    if (left || reply.raw.destroyed) {
      stream.abandon();
      reply.hijack();
      return;
    }
    try {
      // Listening first: what is published from here on is held by the stream until the backlog has been sent.
      for (const [audience, key] of keys.entries()) {
        const stop = await this.hub.listen(key, (id, payload) => stream.deliver(audience, { id, payload }));
        // A client that left while this subscription was made has had its others stopped already: stop this one too.
        if (stream.closed) stop();
        else unlisten.push(stop);
      }
      const { epoch, backlog, resync } = await this.catchUp(keys, decodeCursor(headerOf(request, 'last-event-id')), stream);
      reply.hijack();
      // The client left while the backlog was read.
      if (stream.closed) return;
      this.streams.add(stream);
      stream.setEpoch(epoch);
      stream.open(headersOf(reply));
      stream.replay(backlog, resync);
    } catch (error) {
      if (reply.sent) stream.close('client');
      else stream.abandon();
      if (error instanceof HttpException || error instanceof DomainError) throw error;
      if (isTransientError(error) || !this.redis.ready) throw DomainError.unavailable(UNAVAILABLE, 5);
      throw error;
    }
  }

  /**
   * Where the stream starts: after the client's cursor when the buffer still holds everything since (its backlog is
   * sent first), else at the buffer's end with `resync` (the client refetches what it shows). No cursor: at the end.
   */
  private async catchUp(
    keys: string[],
    cursor: ReturnType<typeof decodeCursor>,
    stream: LiveStream,
  ): Promise<{ epoch: string; backlog: BufferedEntry[][]; resync: boolean }> {
    const epoch = await this.buffer.epoch();
    const heads = await Promise.all(keys.map((key) => this.buffer.head(key)));
    const sameBuffer = cursor !== undefined && cursor.epoch === epoch;
    const tooOld = (position: string) =>
      position !== START_ID && Date.now() - entryTime(position) > this.config.LIVE_RETENTION_SECONDS * 1000;
    let resync = cursor !== undefined && !sameBuffer;
    const backlog = await Promise.all(
      keys.map(async (key, audience) => {
        const position = sameBuffer ? cursor.positions[audience] : undefined;
        if (position === undefined || bufferLostSince(position, heads[audience]) || tooOld(position)) {
          // No position for this audience (a first connect, a role gained since): from the end, nothing missed to say.
          if (position !== undefined) resync = true;
          stream.positionAt(audience, heads[audience].lastId);
          return [];
        }
        stream.positionAt(audience, position);
        return this.buffer.after(key, position);
      }),
    );
    return { epoch, backlog, resync };
  }

  /** A slot among the member's and the client network's open streams, or 429 when either has its limit open already. */
  private async takeSlot(memberId: string, ip: string): Promise<LiveSlot> {
    const slot: LiveSlot = {
      streamId: randomUUID(),
      keys: [this.keys.memberStreams(memberId), this.keys.networkStreams(clientNetwork(ip))],
    };
    let taken: 'ok' | SlotRefusal;
    try {
      taken = await this.slots.take(slot);
    } catch (error) {
      if (isTransientError(error) || !this.redis.ready) throw DomainError.unavailable(UNAVAILABLE, 5);
      throw error;
    }
    if (taken !== 'ok')
      throw tooManyStreams(taken, taken === 'member' ? this.config.LIVE_STREAMS_PER_MEMBER : this.config.LIVE_STREAMS_PER_ADDRESS);
    this.held.add(slot);
    return slot;
  }

  /** A failure is only logged: the slot's lease ends by itself. */
  private giveBack(slot: LiveSlot): void {
    this.held.delete(slot);
    this.slots.giveBack(slot).catch((error: unknown) => this.logger.warn({ err: error }, 'could not give back a live stream’s slot'));
  }

  private closeAll(reason: 'shutdown' | 'resume'): void {
    for (const stream of [...this.streams]) stream.close(reason);
  }

  /** Before the server stops listening: every stream ends cleanly and its client reconnects to another instance. */
  beforeApplicationShutdown(): void {
    this.stopping = true;
    this.closeAll('shutdown');
  }

  onModuleDestroy(): void {
    clearInterval(this.renewal);
    this.hub.close();
    this.redis.close();
  }
}

const tooManyStreams = (limit: SlotRefusal, max: number) =>
  new DomainError(
    errorCodes.rateLimited,
    429,
    'Too many live connections',
    limit === 'member'
      ? `You have ${max} live connections open already; close a tab or try again shortly.`
      : `${max} live connections are open from your network already; close a tab or try again shortly.`,
    undefined,
    { 'retry-after': '30' },
  );

const headerOf = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** The headers the app's hooks set on the reply (request id, CORS, security), for the raw response of the stream. */
const headersOf = (reply: FastifyReply): Record<string, string> =>
  Object.fromEntries(
    Object.entries(reply.getHeaders())
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
  );
