import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Roles } from '@abide/auth';
import {
  type DeadLetterReplay,
  deadLetterReplaySchema,
  type DeadLetters,
  deadLettersSchema,
  type FailedJob,
  failedJobSchema,
  type FailedJobs,
  failedJobsSchema,
  type OpsHealth,
  opsHealthSchema,
  opsServices,
  prometheusQueryRequestSchema,
  prometheusRangeRequestSchema,
  prometheusResponseSchema,
  serviceOfQueue,
} from '@abide/contracts';
import { DeadLetterOps, InboxConsumer, KafkaPublisher } from '@abide/messaging';
import { ApiProblems, ApiQueryFrom, createZodDto, DomainError, HealthRegistry, parseQuery, runChecks, CacheTags } from '@abide/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OpsServices, type OtherService } from './ops-services';
import { Prometheus, type PrometheusEndpoint } from './prometheus';

class OpsHealthDto extends createZodDto(opsHealthSchema) {}
class FailedJobsDto extends createZodDto(failedJobsSchema) {}
class FailedJobDto extends createZodDto(failedJobSchema) {}
class DeadLettersDto extends createZodDto(deadLettersSchema) {}
class DeadLetterReplayDto extends createZodDto(deadLetterReplaySchema) {}
class PrometheusResponseDto extends createZodDto(prometheusResponseSchema) {}

const servicesWithJobs = ['formation', 'library'] as const satisfies readonly OtherService[];
const otherServices = ['formation', 'library', 'community'] as const satisfies readonly OtherService[];

const worst = (statuses: readonly string[]): OpsHealth['status'] =>
  statuses.includes('unavailable') ? 'unavailable' : statuses.includes('degraded') ? 'degraded' : 'ok';

/**
 * The operations page's API (admins only, every route): one answer for the health of every service and engine, the
 * failed jobs and dead letters of every service with retry and replay, and Prometheus's queries for the charts. The
 * other services' parts are asked on the admin's behalf (ops-services.ts); docs/architecture.md, "Operations".
 */
@ApiTags('ops')
@ApiBearerAuth()
@Roles('admin')
@Controller('ops')
export class OpsController {
  private readonly ownDeadLetters: DeadLetterOps;

  constructor(
    private readonly services: OpsServices,
    private readonly prometheus: Prometheus,
    private readonly registry: HealthRegistry,
    inbox: InboxConsumer,
    publisher: KafkaPublisher,
  ) {
    this.ownDeadLetters = new DeadLetterOps('identity', inbox.deadLetterStore, publisher);
  }

  @ApiOperation({ summary: 'Readiness of every service with each engine it checks (Mongo, Kafka, Redis, S3), and Prometheus.' })
  @ApiResponse({ status: 200, type: OpsHealthDto })
  @ApiProblems(401, 403)
  @Get('health')
  @CacheTags({ provides: ['OpsHealth'] })
  async health(): Promise<OpsHealth> {
    const [own, others, prometheus] = await Promise.all([
      runChecks(this.registry.list()),
      Promise.all(otherServices.map((service) => this.services.health(service))),
      this.prometheus.ready(),
    ]);
    const services: OpsHealth['services'] = [{ service: 'identity', status: own.status, checks: own.checks }, ...others];
    return { status: worst(services.map((s) => s.status)), checkedAt: new Date().toISOString(), services, prometheus };
  }

  @ApiOperation({ summary: 'Failed jobs of every queue (formation, library), most recent first, with their error.' })
  @ApiResponse({ status: 200, type: FailedJobsDto })
  @ApiProblems(401, 403)
  @Get('failed-jobs')
  @CacheTags({ provides: ['OpsFailedJobs'] })
  async failedJobs(@Req() request: FastifyRequest): Promise<FailedJobs> {
    const parts = await Promise.all(servicesWithJobs.map((s) => this.services.ask<FailedJobs>(s, 'GET', '/ops/failed-jobs', request)));
    return { jobs: parts.flatMap((part) => part.jobs).sort((a, b) => (b.finishedAt ?? '').localeCompare(a.finishedAt ?? '')) };
  }

  @ApiOperation({ summary: 'Retries a failed job (it runs again with its attempts reset). 409 when it is no longer failed.' })
  @ApiParam({ name: 'queue', description: 'The queue name, as listed' })
  @ApiParam({ name: 'id', description: 'The job id, as listed' })
  @ApiResponse({ status: 200, type: FailedJobDto, description: 'The job as it was when it failed; it is waiting to run again now.' })
  @ApiProblems(401, 403, 404, 409)
  @HttpCode(200)
  @Post('failed-jobs/:queue/:id/retry')
  // A retried job waits or runs: it leaves the failed list.
  @CacheTags({ invalidates: ['OpsFailedJobs'] })
  retryFailedJob(@Param('queue') queue: string, @Param('id') id: string, @Req() request: FastifyRequest): Promise<FailedJob> {
    const service = serviceOfQueue[queue] as OtherService | undefined;
    if (!service) throw DomainError.notFound(`The queue ${queue}`);
    return this.services.ask<FailedJob>(
      service,
      'POST',
      `/ops/failed-jobs/${encodeURIComponent(queue)}/${encodeURIComponent(id)}/retry`,
      request,
    );
  }

  @ApiOperation({ summary: 'Dead-lettered events of every service, most recent first, with the consumer and the reason.' })
  @ApiResponse({ status: 200, type: DeadLettersDto })
  @ApiProblems(401, 403)
  @Get('dead-letters')
  @CacheTags({ provides: ['OpsDeadLetters'] })
  async deadLetters(@Req() request: FastifyRequest): Promise<DeadLetters> {
    const [own, ...others] = await Promise.all([
      this.ownDeadLetters.list(),
      ...otherServices.map((s) => this.services.ask<DeadLetters>(s, 'GET', '/ops/dead-letters', request).then((p) => p.deadLetters)),
    ]);
    return { deadLetters: [...own, ...others.flat()].sort((a, b) => b.failedAt.localeCompare(a.failedAt)) };
  }

  @ApiOperation({
    summary:
      'Replays a dead letter to its original topic: only the consumer that failed acts on it (the others have it already). ' +
      'Once: a second replay sends nothing and answers `republished: false`.',
  })
  @ApiParam({ name: 'service', enum: opsServices })
  @ApiParam({ name: 'id', description: 'The dead letter id, as listed' })
  @ApiResponse({ status: 200, type: DeadLetterReplayDto })
  @ApiProblems(401, 403, 404)
  @HttpCode(200)
  @Post('dead-letters/:service/:id/replay')
  @CacheTags({ invalidates: ['OpsDeadLetters'] })
  replayDeadLetter(@Param('service') service: string, @Param('id') id: string, @Req() request: FastifyRequest): Promise<DeadLetterReplay> {
    if (service === 'identity') return this.ownDeadLetters.replay(id);
    if (!(otherServices as readonly string[]).includes(service)) throw DomainError.notFound(`The service ${service}`);
    return this.services.ask<DeadLetterReplay>(
      service as OtherService,
      'POST',
      `/ops/dead-letters/${encodeURIComponent(id)}/replay`,
      request,
    );
  }

  @ApiOperation({ summary: "Prometheus's instant query (GET /api/v1/query), its JSON passed on. 503 when Prometheus is unreachable." })
  @ApiQueryFrom(prometheusQueryRequestSchema)
  @ApiResponse({ status: 200, type: PrometheusResponseDto })
  @ApiProblems(400, 401, 403)
  @Get('prometheus/query')
  prometheusQuery(@Query() query: Record<string, string>, @Res() reply: FastifyReply): Promise<void> {
    return this.forward('query', parseQuery(prometheusQueryRequestSchema, query), reply);
  }

  @ApiOperation({ summary: "Prometheus's range query (GET /api/v1/query_range), its JSON passed on. 503 when Prometheus is unreachable." })
  @ApiQueryFrom(prometheusRangeRequestSchema)
  @ApiResponse({ status: 200, type: PrometheusResponseDto })
  @ApiProblems(400, 401, 403)
  @Get('prometheus/query-range')
  prometheusQueryRange(@Query() query: Record<string, string>, @Res() reply: FastifyReply): Promise<void> {
    return this.forward('query_range', parseQuery(prometheusRangeRequestSchema, query), reply);
  }

  private async forward(endpoint: PrometheusEndpoint, params: Record<string, string | undefined>, reply: FastifyReply): Promise<void> {
    const defined = Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined));
    const { body } = await this.prometheus.query(endpoint, defined);
    await reply.header('cache-control', 'no-store').send(body);
  }
}
