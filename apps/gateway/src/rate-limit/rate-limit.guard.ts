import { applyDecorators, CanActivate, ExecutionContext, Inject, Injectable, OnModuleDestroy, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { errorCodes } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import type { FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/env.schema';
import { fixedWindow } from './fixed-window';

const RATE_LIMITED_ROUTE = 'gateway:rateLimit';

/** Limits a route per client IP (AUTH_RATE_LIMIT_MAX per AUTH_RATE_LIMIT_WINDOW_SECONDS), each route its own bucket. */
export const AuthRateLimit = (bucket: string) => applyDecorators(SetMetadata(RATE_LIMITED_ROUTE, bucket), UseGuards(RateLimitGuard));

/**
 * Guard counting in Redis, so the limit holds across gateway instances. Fixed windows: one INCR per
 * request, and Retry-After is the time left in the window. Runs before body validation, so invalid requests
 * count too.
 */
@Injectable()
export class RateLimitGuard implements CanActivate, OnModuleDestroy {
  private readonly redis: Redis;
  private readonly prefix: string;

  constructor(
    private readonly reflector: Reflector,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    this.redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 });
    // Dev and test stacks share one Redis: keep their counters apart.
    this.prefix = `${config.REDIS_KEY_PREFIX}:gateway:rate`;
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const bucket = this.reflector.get<string | undefined>(RATE_LIMITED_ROUTE, context.getHandler());
    if (!bucket) return true;
    const ip = context.switchToHttp().getRequest<FastifyRequest>().ip;
    const { index, secondsLeft } = fixedWindow(Date.now(), this.config.AUTH_RATE_LIMIT_WINDOW_SECONDS);
    const key = `${this.prefix}:${bucket}:${ip}:${index}`;
    const result = await this.redis.multi().incr(key).expire(key, secondsLeft + 1).exec();
    const count = Number(result?.[0]?.[1] ?? 0);
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

  onModuleDestroy(): void {
    this.redis.disconnect();
  }
}
