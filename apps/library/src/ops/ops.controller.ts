import { Controller, Get, HttpCode, Inject, Param, Post, type OnApplicationShutdown } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Roles } from '@abide/auth';
import type { DeadLetterReplay, DeadLetters, FailedJob, FailedJobs as FailedJobList } from '@abide/contracts';
import { DeadLetterOps, InboxConsumer, KafkaPublisher } from '@abide/messaging';
import { FailedJobs } from '@abide/platform';

export const LIBRARY_FAILED_JOBS = Symbol('LIBRARY_FAILED_JOBS');

/**
 * The library's part of the operations API: its failed jobs and dead letters, asked by identity on an admin's behalf
 * (internal: the gateway routes `/api/ops` to identity; docs/architecture.md, "Operations").
 */
@ApiExcludeController()
@Roles('admin')
@Controller('ops')
export class OpsController implements OnApplicationShutdown {
  private readonly deadLetters: DeadLetterOps;

  constructor(
    @Inject(LIBRARY_FAILED_JOBS) private readonly jobs: FailedJobs,
    inbox: InboxConsumer,
    publisher: KafkaPublisher,
  ) {
    this.deadLetters = new DeadLetterOps('library', inbox.deadLetterStore, publisher);
  }

  @Get('failed-jobs')
  async failedJobs(): Promise<FailedJobList> {
    return { jobs: await this.jobs.list() };
  }

  @HttpCode(200)
  @Post('failed-jobs/:queue/:id/retry')
  retry(@Param('queue') queue: string, @Param('id') id: string): Promise<FailedJob> {
    return this.jobs.retry(queue, id);
  }

  @Get('dead-letters')
  async listDeadLetters(): Promise<DeadLetters> {
    return { deadLetters: await this.deadLetters.list() };
  }

  @HttpCode(200)
  @Post('dead-letters/:id/replay')
  replay(@Param('id') id: string): Promise<DeadLetterReplay> {
    return this.deadLetters.replay(id);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.jobs.close();
  }
}
