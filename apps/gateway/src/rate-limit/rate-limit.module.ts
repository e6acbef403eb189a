import { Module } from '@nestjs/common';
import { MemberOfRequest } from './member-of-request';
import { RateLimitCounters } from './rate-limit-counters';
import { RateLimits } from './rate-limits';

/** Per-route rate limits at the edge, counted in Redis so every gateway instance shares them. */
@Module({ providers: [RateLimitCounters, RateLimits, MemberOfRequest], exports: [RateLimits, MemberOfRequest] })
export class RateLimitModule {}
