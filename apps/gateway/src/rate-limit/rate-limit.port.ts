import type { FastifyRequest } from 'fastify';
import type { CountedRequest } from './rate-limits';

/**
 * What other gateway features may use of rate limits (docs/structure.md, "Ports"): counting a request against its
 * route's limit, and who is asking. `RateLimits` and `MemberOfRequest` answer them (rate-limit.module.ts).
 */
export type { CountedRequest };

/** A route's limit, counted before the request is forwarded and given back when its answer does not count. */
export abstract class RateLimiter {
  /** Counts the request, or throws 429 (Retry-After) when its network or member has used up the window. */
  abstract check(bucket: string, ip: string, member?: () => Promise<string | undefined>): Promise<CountedRequest | undefined>;
  /** Gives the request back when its answer (`status`) does not count; never fails. */
  abstract settle(counted: CountedRequest | undefined, status: number): Promise<void>;
}

/** The signed-in member a request comes from (its bearer token verified), for limits counted per member. */
export abstract class SignedInMember {
  abstract of(request: FastifyRequest): Promise<string | undefined>;
}
