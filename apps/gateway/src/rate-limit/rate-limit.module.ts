import { Module } from '@nestjs/common';
import { portProvider } from '@abide/platform';
import { MemberOfRequest } from './member-of-request';
import { RateLimitCounters } from './rate-limit-counters';
import { RateLimiter, SignedInMember } from './rate-limit.port';
import { RateLimits } from './rate-limits';

/** Per-route rate limits at the edge, counted in Redis so every gateway instance shares them. */
@Module({
  providers: [
    RateLimitCounters,
    RateLimits,
    MemberOfRequest,
    portProvider(RateLimiter, RateLimits),
    portProvider(SignedInMember, MemberOfRequest),
  ],
  exports: [RateLimiter, SignedInMember],
})
export class RateLimitModule {}
