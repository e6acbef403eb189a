import { Controller, type DynamicModule, Get, HttpCode, Inject, Module, type OnApplicationShutdown, Param, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Roles } from '@abide/auth';
import type { FailedJob, FailedJobs as FailedJobList, OpsService } from '@abide/contracts';
import { FailedJobs } from './failed-jobs';

const FAILED_JOBS = Symbol('FAILED_JOBS');

/**
 * A service's failed BullMQ jobs for the operations API, asked by identity on an admin's behalf (internal: the
 * gateway routes `/api/ops` to identity; docs/architecture.md, "Operations").
 */
@ApiExcludeController()
@Roles('admin')
@Controller('ops')
class FailedJobsController implements OnApplicationShutdown {
  constructor(@Inject(FAILED_JOBS) private readonly jobs: FailedJobs) {}

  @Get('failed-jobs')
  async failedJobs(): Promise<FailedJobList> {
    return { jobs: await this.jobs.list() };
  }

  @HttpCode(200)
  @Post('failed-jobs/:queue/:id/retry')
  retry(@Param('queue') queue: string, @Param('id') id: string): Promise<FailedJob> {
    return this.jobs.retry(queue, id);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.close();
  }
}

/** The failed-jobs routes of a service that runs job queues (formation, the library). */
@Module({})
export class FailedJobsOpsModule {
  static forQueues(service: OpsService, options: { redisUrl: string; prefix: string; queueNames: readonly string[] }): DynamicModule {
    return {
      module: FailedJobsOpsModule,
      controllers: [FailedJobsController],
      providers: [{ provide: FAILED_JOBS, useFactory: () => new FailedJobs(service, options) }],
    };
  }
}
