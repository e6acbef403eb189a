import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { PrivateText } from '../private-text/private-text';
import { type ClaimOutcome, IdempotencyStore, type StoredAnswer } from './idempotency-store';

/** The answer headers a repeat gets back; never Set-Cookie (a session is not handed out twice). */
const KEPT_HEADERS = ['content-type', 'location', 'retry-after', 'cache-control', 'content-disposition'];
/** Larger answers are not kept (the key is then given up): write answers are small. */
const MAX_STORED_BYTES = 256 * 1024;

/** What a claimed request carries until its answer is stored. */
interface Claimed {
  id: string;
  memberId: string;
  token: string;
  /** The route's answers carry text the service keeps sealed at rest (@SealedAnswers): stored sealed too. */
  sealed: boolean;
  payload?: unknown;
}

const CLAIM = Symbol('idempotency-claim');
type ClaimCarrier = FastifyRequest & { [CLAIM]?: Claimed };

const isStream = (payload: unknown): payload is Readable => typeof (payload as Readable | null)?.pipe === 'function';

/**
 * The idempotency keys of a service, between the interceptor (which claims a key before the handler runs) and Fastify
 * (whose hooks see the answer as it is sent, problem+json included, and store it after it went out, so the member
 * waits for the claim only).
 */
export class IdempotentWrites {
  private readonly logger = new Logger('Idempotency');

  constructor(
    readonly store: IdempotencyStore,
    /** Seals the stored answers of @SealedAnswers routes under the member's key (journal words, prayers). */
    private readonly privateText?: PrivateText,
  ) {}

  claim(id: string, memberId: string, fingerprint: string): Promise<ClaimOutcome> {
    return this.store.claim(id, memberId, fingerprint);
  }

  settle(id: string, memberId: string, fingerprint: string): Promise<ClaimOutcome> {
    return this.store.settle(id, memberId, fingerprint);
  }

  /** Marks the request as the one whose answer is stored under the claim. */
  holdClaim(request: FastifyRequest, claim: Omit<Claimed, 'payload'>): void {
    (request as ClaimCarrier)[CLAIM] = { ...claim };
  }

  /** The stored answer's body as it was sent (opened again when it was sealed); null once the member was erased. */
  async bodyOf(id: string, memberId: string, answer: StoredAnswer): Promise<string | null> {
    if (!answer.sealed) return answer.body;
    if (!this.privateText) return null;
    return this.privateText.open(memberId, answer.body, this.sealedField(id));
  }

  /** Adds the hooks that keep each claimed request's answer. */
  install(fastify: FastifyInstance): void {
    fastify.addHook('onSend', async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
      const claim = (request as ClaimCarrier)[CLAIM];
      if (claim) claim.payload = payload;
      return payload;
    });
    fastify.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
      const claim = (request as ClaimCarrier)[CLAIM];
      if (!claim) return;
      (request as ClaimCarrier)[CLAIM] = undefined;
      await this.keep(claim, reply).catch((error: unknown) => {
        // The claim then runs out and a repeat is handled again: logged, since that repeat may apply the write twice.
        this.logger.warn(`Could not store the answer for an idempotency key: ${(error as Error).message}`);
      });
    });
  }

  /**
   * Stores a claimed request's answer, or gives the key up when there is nothing worth repeating: a server error (a
   * retry should be handled again) or an answer that cannot be kept (a stream, too large, an erased member's).
   */
  private async keep(claim: Claimed, reply: FastifyReply): Promise<void> {
    const type = String(reply.getHeader('content-type') ?? '');
    const body = type === '' || /json|text/.test(type) ? this.textOf(claim.payload) : undefined;
    if (reply.statusCode >= 500 || body === undefined) {
      await this.store.release(claim.id, claim.token);
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    // Only answers with text kept sealed at rest are sealed here: sealing reads the member's key, a round trip.
    const sealed = claim.sealed && this.privateText !== undefined && body.length > 0;
    const stored = sealed ? await this.privateText!.sealCopy(claim.memberId, body, this.sealedField(claim.id)) : body;
    await this.store.answer(claim.id, claim.token, { status: reply.statusCode, headers, body: stored, sealed });
  }

  private textOf(payload: unknown): string | undefined {
    if (payload === undefined || payload === null) return '';
    if (isStream(payload)) return undefined;
    const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
    return text !== undefined && Buffer.byteLength(text) <= MAX_STORED_BYTES ? text : undefined;
  }

  /** Sealed answers are bound to their key (a hash of it: keys are free text, the field names colons). */
  private sealedField(id: string): `${string}:${string}:${string}` {
    return `idempotency:${createHash('sha256').update(id).digest('base64url')}:answer`;
  }
}
