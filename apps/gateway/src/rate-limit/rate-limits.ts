import { Inject, Injectable, Logger } from '@nestjs/common';
import { errorCodes } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/env.schema';
import { clientNetwork } from './client-network';
import { fixedWindow } from './fixed-window';
import { RateLimitCounters } from './rate-limit-counters';

/** The per-IP limits of the route table (proxy/route-table.ts); each bucket is counted on its own. */
export type RateLimitBucket = 'sign-up' | 'sign-in' | 'two-factor' | 'recover' | 'church-join';

interface RateLimitPolicy {
  max: number;
  windowSeconds: number;
  /** The 429's detail. */
  tooMany: (secondsLeft: number) => string;
  /** What the route answers while the counters' Redis is away (503). */
  unavailable: string;
  /** Which answers count; by default every request does. The others are given back once answered. */
  counts?: (status: number) => boolean;
}

/** A request counted in its window, to give back if its answer does not count. */
export interface CountedRequest {
  policy: RateLimitPolicy;
  key: string;
  ttlSeconds: number;
}

const minutes = (seconds: number) => Math.ceil(seconds / 60);

/**
 * Limits routes per client network (an IPv4 address, an IPv6 /64: client-network.ts) in fixed windows: one INCR before the request is forwarded (so a burst can never run
 * ahead of its count, and invalid requests count too), and Retry-After is the time left in the window. The church
 * join code counts only codes that matched no church (docs/churches.md "Join codes"): a congregation joining on one
 * network must never be stopped, a guesser is.
 */
@Injectable()
export class RateLimits {
  private readonly logger = new Logger(RateLimits.name);
  private readonly policies: Record<RateLimitBucket, RateLimitPolicy>;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly counters: RateLimitCounters,
  ) {
    const auth: RateLimitPolicy = {
      max: config.AUTH_RATE_LIMIT_MAX,
      windowSeconds: config.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      tooMany: (secondsLeft) => `Too many attempts from your network. Please wait ${secondsLeft} seconds and try again.`,
      unavailable: 'Signing in, signing up and password recovery are briefly unavailable. Please try again in a minute.',
    };
    this.policies = {
      'sign-up': auth,
      'sign-in': auth,
      'two-factor': auth,
      recover: auth,
      'church-join': {
        max: config.JOIN_CODE_RATE_LIMIT_MAX,
        windowSeconds: config.JOIN_CODE_RATE_LIMIT_WINDOW_SECONDS,
        tooMany: (secondsLeft) =>
          `Too many join codes that did not work came from your network. Please check the code with your church and try again in ${minutes(secondsLeft)} minute${minutes(secondsLeft) === 1 ? '' : 's'}.`,
        unavailable: 'Joining a church with a code is briefly unavailable. Please try again in a minute.',
        // 400: not a code; 404: no church has it. A join (200), "already a member" (409) or anything else is given back.
        counts: (status) => status === 400 || status === 404,
      },
    };
  }

  /** Counts the request, or refuses it with 429 and Retry-After when its network has used up the window. */
  async check(bucket: RateLimitBucket, ip: string): Promise<CountedRequest> {
    const policy = this.policies[bucket];
    const { index, secondsLeft } = fixedWindow(Date.now(), policy.windowSeconds);
    const counted = { policy, key: `${this.counters.prefix}:${bucket}:${clientNetwork(ip)}:${index}`, ttlSeconds: secondsLeft + 1 };
    const count = await this.counters.increment(counted.key, counted.ttlSeconds, policy.unavailable);
    if (count <= policy.max) return counted;
    throw new DomainError(errorCodes.rateLimited, 429, 'Too many requests', policy.tooMany(secondsLeft), undefined, {
      'retry-after': String(secondsLeft),
    });
  }

  /** Gives the request back when its answer does not count. The client has its answer already: a failure is only logged. */
  async settle({ policy, key, ttlSeconds }: CountedRequest, status: number): Promise<void> {
    if (!policy.counts || policy.counts(status)) return;
    await this.counters
      .giveBack(key, ttlSeconds)
      .catch((error: unknown) => this.logger.warn({ err: error, key }, 'could not give back a counted request'));
  }
}
