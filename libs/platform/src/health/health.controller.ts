import { Controller, Get, Inject, Optional, ServiceUnavailableException } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '@abide/auth';

export const HEALTH_CHECKS = Symbol('HEALTH_CHECKS');

/** A named readiness probe; resolves when the dependency answers. */
export interface HealthCheck {
  name: string;
  check(): Promise<void>;
}

@ApiExcludeController()
@Public()
@Controller('health')
export class HealthController {
  constructor(@Optional() @Inject(HEALTH_CHECKS) private readonly checks: HealthCheck[] = []) {}

  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(): Promise<{ status: 'ok'; checks: Record<string, 'ok'> }> {
    const results = await Promise.all(
      this.checks.map(async (c) => {
        try {
          await Promise.race([c.check(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000))]);
          return [c.name, 'ok'] as const;
        } catch (error) {
          return [c.name, `failing: ${(error as Error).message}`] as const;
        }
      }),
    );
    const failing = results.filter(([, s]) => s !== 'ok');
    if (failing.length) {
      throw new ServiceUnavailableException(`Not ready: ${failing.map(([n, s]) => `${n} ${s}`).join(', ')}`);
    }
    return { status: 'ok', checks: Object.fromEntries(results) as Record<string, 'ok'> };
  }
}
