import { Inject, Injectable } from '@nestjs/common';
import { errorCodes } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/env.schema';
import { fixedWindow } from './fixed-window';
import { RateLimitCounters } from './rate-limit-counters';

/**
 * Limits a route per client IP (AUTH_RATE_LIMIT_MAX per AUTH_RATE_LIMIT_WINDOW_SECONDS), each bucket on its own.
 * Fixed windows: one INCR per request, and Retry-After is the time left in the window. Runs before the request is
 * forwarded, so invalid requests count too. Which routes are limited: the route table (proxy/route-table.ts).
 */
@Injectable()
export class AuthRateLimit {
  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly counters: RateLimitCounters,
  ) {}

  async check(bucket: string, ip: string): Promise<void> {
    const { index, secondsLeft } = fixedWindow(Date.now(), this.config.AUTH_RATE_LIMIT_WINDOW_SECONDS);
    const count = await this.counters.increment(`${this.counters.prefix}:${bucket}:${ip}:${index}`, secondsLeft + 1);
    if (count <= this.config.AUTH_RATE_LIMIT_MAX) return;
    throw new DomainError(
      errorCodes.rateLimited,
      429,
      'Too many requests',
      `Too many attempts from your network. Please wait ${secondsLeft} seconds and try again.`,
      undefined,
      { 'retry-after': String(secondsLeft) },
    );
  }
}
