import { Controller, Get, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '@abide/auth';
import type { FastifyReply } from 'fastify';
import { runChecks, type ReadinessReport } from './health-check';
import { HealthRegistry } from './health-registry';

/**
 * Liveness: the process answers (restart it when this fails). Readiness: it can serve requests now (see HealthCheck);
 * the body lists every check, so an operator sees which engine is missing.
 */
@ApiExcludeController()
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly registry: HealthRegistry) {}

  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(@Res() reply: FastifyReply): Promise<void> {
    const report: ReadinessReport = await runChecks(this.registry.list());
    await reply
      .status(report.status === 'unavailable' ? 503 : 200)
      .header('cache-control', 'no-store')
      .send(report);
  }
}
