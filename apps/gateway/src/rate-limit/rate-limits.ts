import { Inject, Injectable, Logger } from '@nestjs/common';
import { type EdgeRateLimit, edgeRateLimits } from '@abide/contracts';
import { DomainError, tooManyRequests } from '@abide/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/env.schema';
import { clientNetwork } from '../shared/client-network';
import { fixedWindow } from './fixed-window';
import { RateLimitCounters } from './rate-limit-counters';

/**
 * The limits routes name in their edge policy (`@EdgePolicy({ rateLimit })`, libs/contracts edge-policy.ts); each is
 * counted on its own, per client network or per signed-in member as the contract says.
 */
export type RateLimitBucket = EdgeRateLimit;

export interface RateLimitPolicy {
  max: number;
  windowSeconds: number;
  /** The 429's first sentence (what happened); "Try again in …" follows, from the window's time left. */
  reason: string;
  /** What the route answers while the counters' Redis is away (503). */
  unavailable: string;
  /** Which answers count; by default every request does. The others are given back once answered. */
  counts?: (status: number) => boolean;
}

/**
 * A sign-in step that failed: a wrong password or code (401), an invalid request (400), or an account identity is
 * already holding back (429). A session or challenge (200) and "confirm your e-mail" (403, after a right password)
 * are given back, so a congregation signing in behind one address never fills the ceiling.
 */
export const failedSignIn = (status: number): boolean => status === 400 || status === 401 || status === 429;

/** The limits, by bucket, from the gateway's configuration (numbers and reasons in env.schema.ts and docs/api.md). */
export const rateLimitPolicies = (config: GatewayConfig): Record<RateLimitBucket, RateLimitPolicy> => {
  const requests = { max: config.AUTH_RATE_LIMIT_MAX, windowSeconds: config.AUTH_RATE_LIMIT_WINDOW_SECONDS };
  const failures = {
    max: config.SIGN_IN_FAILURES_PER_NETWORK_MAX,
    windowSeconds: config.SIGN_IN_FAILURES_PER_NETWORK_WINDOW_SECONDS,
    counts: failedSignIn,
  };
  const signInUnavailable = 'Signing in is briefly unavailable. Please try again in a minute.';
  return {
    'sign-up': {
      ...requests,
      reason: 'Too many accounts were asked for from your network.',
      unavailable: 'Signing up is briefly unavailable. Please try again in a minute.',
    },
    recover: {
      ...requests,
      reason: 'Too many password resets were asked for from your network.',
      unavailable: 'Password recovery is briefly unavailable. Please try again in a minute.',
    },
    'sign-in': { ...failures, reason: 'Too many sign-ins from your network have failed.', unavailable: signInUnavailable },
    'two-factor': { ...failures, reason: 'Too many sign-in codes from your network have failed.', unavailable: signInUnavailable },
    'church-join': {
      max: config.JOIN_CODE_RATE_LIMIT_MAX,
      windowSeconds: config.JOIN_CODE_RATE_LIMIT_WINDOW_SECONDS,
      reason: 'Too many join codes that did not work came from your network. Please check the code with your church.',
      unavailable: 'Joining a church with a code is briefly unavailable. Please try again in a minute.',
      // 400: not a code; 404: no church has it. A join (200), "already a member" (409) or anything else is given back.
      counts: (status) => status === 400 || status === 404,
    },
    'journal-insight': {
      max: config.JOURNAL_INSIGHT_RATE_LIMIT_MAX,
      windowSeconds: config.JOURNAL_INSIGHT_RATE_LIMIT_WINDOW_SECONDS,
      reason: 'You have asked for many reflections in a short time.',
      unavailable: 'Reflections are briefly unavailable. Please try again in a minute.',
      // Only a reflection that was made costs the service its work; an entry not found (404) is given back.
      counts: (status) => status === 200,
    },
  };
};

/** A request counted in its window, to give back if its answer does not count. */
export interface CountedRequest {
  policy: RateLimitPolicy;
  key: string;
  ttlSeconds: number;
}

/**
 * Limits routes per client network (an IPv4 address, an IPv6 /64: client-network.ts) or per member in fixed windows: one INCR before
 * the request is forwarded (so a burst sent at once, to any number of gateways, can never run ahead of its count, and
 * invalid requests count too), and Retry-After is the time left in the window. A policy with `counts` gives back the
 * answers it does not count once they are known: sign-in counts only failures, the church join code only codes that
 * matched no church (docs/churches.md "Join codes"), so a congregation on one network is never stopped while a
 * guesser is. The per-person limits are identity's (per account and per e-mail address).
 */
@Injectable()
export class RateLimits {
  private readonly logger = new Logger(RateLimits.name);
  private readonly policies: Record<RateLimitBucket, RateLimitPolicy>;

  constructor(
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    private readonly counters: RateLimitCounters,
  ) {
    this.policies = rateLimitPolicies(config);
  }

  /**
   * Counts the request, or refuses it with 429 and Retry-After when its network (or its member) has used up the window.
   * A per-member limit counts nothing without a member (an invalid or missing token): the service answers 401 unread,
   * and a forged token can never spend another member's window. A limit the gateway does not have fails closed (503).
   */
  async check(
    bucket: string,
    ip: string,
    member: () => Promise<string | undefined> = async () => undefined,
  ): Promise<CountedRequest | undefined> {
    const policy = Object.hasOwn(this.policies, bucket) ? this.policies[bucket as RateLimitBucket] : undefined;
    if (!policy) {
      this.logger.error({ bucket }, 'a route names a rate limit the gateway does not have');
      throw DomainError.unavailable('This action is briefly unavailable. Please try again in a minute.', 60);
    }
    const perMember = edgeRateLimits[bucket as RateLimitBucket] === 'member';
    const memberId = perMember ? await member() : undefined;
    if (perMember && !memberId) return undefined;
    const per = perMember ? `member:${memberId}` : clientNetwork(ip);
    const { index, secondsLeft } = fixedWindow(Date.now(), policy.windowSeconds);
    const counted = { policy, key: `${this.counters.prefix}:${bucket}:${per}:${index}`, ttlSeconds: secondsLeft + 1 };
    const count = await this.counters.increment(counted.key, counted.ttlSeconds, policy.unavailable);
    if (count <= policy.max) return counted;
    throw tooManyRequests(policy.reason, secondsLeft);
  }

  /** Gives the request back when its answer does not count. The client has its answer already: a failure is only logged. */
  async settle(counted: CountedRequest | undefined, status: number): Promise<void> {
    if (!counted) return;
    const { policy, key, ttlSeconds } = counted;
    if (!policy.counts || policy.counts(status)) return;
    await this.counters
      .giveBack(key, ttlSeconds)
      .catch((error: unknown) => this.logger.warn({ err: error, key }, 'could not give back a counted request'));
  }
}
