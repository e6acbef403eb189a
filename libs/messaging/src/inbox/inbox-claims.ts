import type { EventEnvelope } from '@abide/contracts';
import { randomUUID } from 'node:crypto';
import type { Connection, Model, mongo } from 'mongoose';
import { jitteredBackoffDelay, sleep } from '@abide/platform';
import { inboxKey, inboxModel, type InboxDocument } from './inbox.schema';

export interface InboxClaimOptions {
  /**
   * How long a claim protects a run from other replicas before it is taken to be a crashed replica's and retaken
   * (default 60 s). Longer than any handler runs, in-place retries included: past it a second replica runs it too.
   */
  claimTtlMs?: number;
  /** Longest pause between two reads while another replica's claim lasts (default 1 s). */
  maxWaitPollMs?: number;
}

/** The right to run an event's handler for a consumer, held until it is marked done or released. */
export interface InboxClaim {
  readonly key: string;
  readonly token: string;
}

export interface ClaimRequest {
  consumer: string;
  event: Pick<EventEnvelope, 'id' | 'type' | 'streamId'>;
  topic: string;
  /** Called while another replica's claim is waited out (keeps the Kafka group membership alive). */
  heartbeat?: () => Promise<void>;
}

const isDuplicateKeyError = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;

/**
 * Claim, handle, mark done: each consumer runs an event's handler once, however many replicas receive it (a
 * rebalance, a redelivery, the relay publishing twice). A claim is a unique insert of the attempt's row, so of two
 * replicas exactly one gets it; the other waits for the outcome: done (a duplicate), released or expired (it claims
 * the next attempt, a new row, and runs the handler itself). Nothing is acknowledged that was not handled.
 */
export class InboxClaims {
  private readonly model: Model<InboxDocument>;
  /** The driver's collection for the per-event writes: mongoose's casting would cost more CPU than the round trip. */
  private readonly rows: mongo.Collection<InboxDocument>;
  private readonly claimTtlMs: number;
  private readonly maxWaitPollMs: number;

  constructor(connection: Connection, options: InboxClaimOptions = {}) {
    this.model = inboxModel(connection);
    this.rows = this.model.collection as unknown as mongo.Collection<InboxDocument>;
    this.claimTtlMs = options.claimTtlMs ?? 60_000;
    this.maxWaitPollMs = options.maxWaitPollMs ?? 1000;
  }

  init(): Promise<void> {
    return this.model.init().then(() => undefined);
  }

  /** The claim to run the handler under, or 'done' when a run of this consumer already handled the event. */
  async claim(request: ClaimRequest): Promise<InboxClaim | 'done'> {
    for (let attempt = 0; ;) {
      const claim = await this.insert(request, attempt);
      if (claim) return claim;
      const outcome = await this.outcomeOf(inboxKey(request.consumer, request.event.id, attempt), request.heartbeat);
      if (outcome === 'done') return 'done';
      if (outcome === 'ended') attempt++;
    }
  }

  /** Records the run as handled: from now on every delivery of the event to this consumer is a duplicate. */
  async done(claim: InboxClaim): Promise<void> {
    await this.rows.updateOne(
      { _id: claim.key, claimedBy: claim.token },
      { $set: { state: 'done', processedAt: new Date() }, $unset: { expiresAt: 1 } },
    );
  }

  /** Gives the event back: the next delivery (a retry, a replay of its dead letter) claims a new attempt and runs it. */
  async release(claim: InboxClaim): Promise<void> {
    await this.rows.updateOne({ _id: claim.key, claimedBy: claim.token }, { $set: { state: 'released' } });
  }

  private async insert({ consumer, event, topic }: ClaimRequest, attempt: number): Promise<InboxClaim | undefined> {
    const key = inboxKey(consumer, event.id, attempt);
    const token = randomUUID();
    const now = Date.now();
    try {
      await this.rows.insertOne({
        _id: key,
        consumer,
        eventId: event.id,
        type: event.type,
        streamId: event.streamId,
        topic,
        state: 'claimed',
        attempt,
        claimedBy: token,
        claimedAt: new Date(now),
        expiresAt: new Date(now + this.claimTtlMs),
      });
      return { key, token };
    } catch (error) {
      if (isDuplicateKeyError(error)) return undefined;
      throw error;
    }
  }

  /**
   * Waits while the attempt's claim lasts. 'done': handled; 'ended': released, or its holder is taken to have
   * crashed; 'gone': the row is not there (removed by hand), so it may be claimed again.
   */
  private async outcomeOf(key: string, heartbeat?: () => Promise<void>): Promise<'done' | 'ended' | 'gone'> {
    for (let pause = 1; ; pause++) {
      const row = await this.rows.findOne({ _id: key }, { projection: { state: 1, expiresAt: 1 } });
      if (!row) return 'gone';
      if (row.state === undefined || row.state === 'done') return 'done';
      if (row.state === 'released' || !row.expiresAt || new Date(row.expiresAt).getTime() <= Date.now()) return 'ended';
      await sleep(jitteredBackoffDelay(pause, { initialDelayMs: 50, maxDelayMs: this.maxWaitPollMs }));
      // A failed heartbeat (a rebalance) is not ours to handle here: the claim decides who runs it.
      await heartbeat?.().catch(() => undefined);
    }
  }
}
