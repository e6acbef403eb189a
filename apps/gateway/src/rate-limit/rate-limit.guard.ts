import { applyDecorators, CanActivate, ExecutionContext, Inject, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { errorCodes } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import type { FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/env.schema';
import { fixedWindow } from './fixed-window';
import { RateLimitCounters } from './rate-limit-counters';

const RATE_LIMITED_ROUTE = 'gateway:rateLimit';

/** Limits a route per client IP (AUTH_RATE_LIMIT_MAX per AUTH_RATE_LIMIT_WINDOW_SECONDS), each route its own bucket. */
export const AuthRateLimit = (bucket: string) => applyDecorators(SetMetadata(RATE_LIMITED_ROUTE, bucket), UseGuards(RateLimitGuard));

/**
 * Fixed windows: one INCR per request, and Retry-After is the time left in the window. Runs before body validation,
 * so invalid requests count too.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly counters: RateLimitCounters,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const bucket = this.reflector.get<string | undefined>(RATE_LIMITED_ROUTE, context.getHandler());
    if (!bucket) return true;
    const ip = context.switchToHttp().getRequest<FastifyRequest>().ip;
    const { index, secondsLeft } = fixedWindow(Date.now(), this.config.AUTH_RATE_LIMIT_WINDOW_SECONDS);
    const count = await this.counters.increment(`${this.counters.prefix}:${bucket}:${ip}:${index}`, secondsLeft + 1);
    if (count <= this.config.AUTH_RATE_LIMIT_MAX) return true;
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
