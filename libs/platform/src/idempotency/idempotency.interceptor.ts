import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import {
  errorCodes,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_METHODS,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@abide/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Observable, of } from 'rxjs';
import { DomainError } from '../errors/domain-error';
import type { ClaimOutcome, StoredAnswer } from './idempotency-store';
import { idempotencyKeyId } from './idempotency-store';
import { IdempotentWrites } from './idempotent-writes';
import { fingerprintOf, routeOf } from './request-fingerprint';

/** How long a repeat waits for the first request with its key to be answered before it answers 409. */
export const IDEMPOTENCY_WAIT_MS = 5_000;
const POLL_MS = 100;

/**
 * Sessions, passwords and two-factor answers hold tokens, secrets and recovery codes that no copy at rest may keep;
 * nothing there is queued offline, so their keys are ignored.
 */
const UNKEPT_ROUTES = /^\/auth\//;

const reused = () =>
  new DomainError(
    errorCodes.idempotencyKeyReused,
    422,
    'Idempotency key reused',
    'This Idempotency-Key was already used for a different request. Send each new request with a new key.',
  );

const inProgress = () =>
  new DomainError(
    errorCodes.idempotencyKeyInProgress,
    409,
    'Request in progress',
    'The first request with this Idempotency-Key is still being handled. Try again in a moment to get its answer.',
    undefined,
    { 'retry-after': '1' },
  );

const SEALED_ANSWERS = 'abide:idempotency-sealed-answers';

/**
 * On a controller (or route) whose answers carry text the service keeps sealed at rest (journal words, prayers): the
 * answer kept for a repeat is sealed under the member's key like the text itself, and so erased with it. Other
 * routes' answers are kept as sent, which spares the key's read.
 */
export const SealedAnswers = (): ClassDecorator & MethodDecorator => SetMetadata(SEALED_ANSWERS, true);

/** Whether the handler sends its own answer through @Res() (Nest then leaves the reply alone). */
const sendsOwnReply = (context: ExecutionContext): boolean => {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), context.getHandler().name) ?? {}) as object;
  const handled = Object.keys(args).some(
    (key) => key.startsWith(`${RouteParamtypes.RESPONSE}:`) || key.startsWith(`${RouteParamtypes.NEXT}:`),
  );
  return handled && Reflect.getMetadata('__responsePassthrough__', context.getClass(), context.getHandler().name) !== true;
};

/**
 * Applies every write once per `Idempotency-Key` (docs/api.md, "Idempotency keys"). Runs after the access guard, so the
 * key is the signed-in member's own; a request without the header pays nothing. The first request with a key claims it
 * by a unique insert and is handled; a repeat gets the first answer, waits for it while it is being made (up to 5 s,
 * then 409), or a 422 when it is a different request.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly writes: IdempotentWrites,
    private readonly reflector: Reflector,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest & { user?: { id: string } }>();
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (key === undefined || !IDEMPOTENT_METHODS.includes(request.method)) return next.handle();
    if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw DomainError.validation([
        { field: 'Idempotency-Key', message: 'An Idempotency-Key is 1 to 128 visible ASCII characters (a UUID will do), sent once.' },
      ]);
    }
    const memberId = request.user?.id;
    if (!memberId || UNKEPT_ROUTES.test(request.routeOptions.url ?? '')) return next.handle();

    const id = idempotencyKeyId(memberId, routeOf(request), key);
    const fingerprint = fingerprintOf(request);
    let outcome = await this.writes.claim(id, memberId, fingerprint);
    for (const deadline = Date.now() + IDEMPOTENCY_WAIT_MS; outcome.kind === 'running' && Date.now() < deadline;) {
      await sleep(POLL_MS);
      outcome = await this.writes.settle(id, memberId, fingerprint);
    }
    return this.follow(outcome, { id, memberId }, context, next);
  }

  private async follow(
    outcome: ClaimOutcome,
    key: { id: string; memberId: string },
    context: ExecutionContext,
    next: CallHandler,
  ): Promise<Observable<unknown>> {
    switch (outcome.kind) {
      case 'claimed': {
        const sealed = this.reflector.getAllAndOverride<boolean>(SEALED_ANSWERS, [context.getHandler(), context.getClass()]) === true;
        this.writes.holdClaim(context.switchToHttp().getRequest(), { ...key, token: outcome.token, sealed });
        return next.handle();
      }
      case 'answered':
        return this.replay(context, await this.answerOf(key, outcome.answer));
      case 'mismatch':
        throw reused();
      case 'running':
        throw inProgress();
    }
  }

  private async answerOf(key: { id: string; memberId: string }, answer: StoredAnswer): Promise<StoredAnswer> {
    const body = await this.writes.bodyOf(key.id, key.memberId, answer);
    // The member's key was destroyed (account erased) since: nothing of theirs is answered any more.
    if (body === null) throw DomainError.notFound('This request');
    return { ...answer, body };
  }

  /** Sends the stored answer as the first request got it, marked as a repeat. */
  private replay(context: ExecutionContext, answer: StoredAnswer): Observable<unknown> {
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    void reply.status(answer.status).headers({ ...answer.headers, [IDEMPOTENT_REPLAYED_HEADER]: 'true' });
    if (sendsOwnReply(context)) {
      void reply.send(answer.body);
      return of(undefined);
    }
    return of(answer.body);
  }
}
