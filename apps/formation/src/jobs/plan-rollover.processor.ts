import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { queues } from '@abide/contracts';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { CLOCK, type Clock } from '../config/clock';
import { FORMATION_CONFIG, type FormationConfig } from '../config/env.schema';
import { PlanRollover } from './plan-rollover';

const SCHEDULER_ID = 'plan-rollover-hourly';

/**
 * Schedules the rollover as a BullMQ repeatable job (one schedule however many instances run, since
 * upsertJobScheduler is keyed by id) and works it; failures are retried with back-off and stay visible in Redis.
 */
@Injectable()
export class PlanRolloverProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PlanRolloverProcessor.name);
  private queue?: Queue;
  private worker?: Worker;
  private connection?: Redis;

  constructor(
    @Inject(FORMATION_CONFIG) private readonly config: FormationConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly rollover: PlanRollover,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.JOBS_ENABLED) return;
    this.connection = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: null });
    const options = { connection: this.connection, prefix: `${this.config.REDIS_KEY_PREFIX}:bull` };
    this.queue = new Queue(queues.formationPlanRollover, options);
    await this.queue.upsertJobScheduler(
      SCHEDULER_ID,
      { every: this.config.PLAN_ROLLOVER_EVERY_MS },
      { name: 'rollover', opts: { attempts: 3, backoff: { type: 'exponential', delay: 30_000 }, removeOnComplete: 100, removeOnFail: 500 } },
    );
    this.worker = new Worker(queues.formationPlanRollover, async () => this.rollover.run(this.clock()), options);
    this.worker.on('completed', (_job, result: unknown) => this.logger.log({ result }, 'Plan rollover ran'));
    this.worker.on('failed', (_job, error) => this.logger.warn(`Plan rollover failed: ${error.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
    this.connection?.disconnect();
  }
}
