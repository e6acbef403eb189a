import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { queues } from '@abide/contracts';
import { HealthRegistry, logBullmqErrors, RedisConnection, watchQueue, watchWorker } from '@abide/platform';
import { Queue, Worker } from 'bullmq';
import { keepScheduled } from '../../shared/keep-scheduled';
import { CLOCK, type Clock } from '../../config/clock';
import { FORMATION_CONFIG, type FormationConfig } from '../../config/env.schema';
import { PlanRollover } from './plan-rollover';

const SCHEDULER_ID = 'plan-rollover-hourly';

/**
 * Schedules the rollover as a BullMQ repeatable job (one schedule however many instances run, since
 * upsertJobScheduler is keyed by id) and works it; failures are retried with back-off and stay visible in Redis.
 * The schedule is (re)registered in the background and after every reconnect: boot never waits for Redis, and a
 * Redis restarted empty gets its schedule back.
 */
@Injectable()
export class PlanRolloverProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PlanRolloverProcessor.name);
  private queue?: Queue;
  private worker?: Worker;
  private connection?: RedisConnection;
  private unwatch?: () => void;

  constructor(
    @Inject(FORMATION_CONFIG) private readonly config: FormationConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly rollover: PlanRollover,
    private readonly health: HealthRegistry,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.JOBS_ENABLED) return;
    this.connection = new RedisConnection(this.config.REDIS_URL, 'plan-rollover', 'jobs');
    this.health.add(this.connection.healthCheck());
    const options = { connection: this.connection.client, prefix: `${this.config.REDIS_KEY_PREFIX}:bull` };
    const queue = new Queue(queues.formationPlanRollover, options);
    this.queue = queue;
    keepScheduled(this.connection, this.logger, () =>
      queue.upsertJobScheduler(
        SCHEDULER_ID,
        { every: this.config.PLAN_ROLLOVER_EVERY_MS },
        {
          name: 'rollover',
          opts: { attempts: 3, backoff: { type: 'exponential', delay: 30_000 }, removeOnComplete: 100, removeOnFail: 500 },
        },
      ),
    );
    this.worker = new Worker(queues.formationPlanRollover, async () => this.rollover.run(this.clock()), options);
    logBullmqErrors(this.logger, queue, this.worker);
    this.unwatch = watchQueue(queue);
    watchWorker(this.worker);
    this.worker.on('completed', (_job, result: unknown) => this.logger.log({ result }, 'Plan rollover ran'));
    this.worker.on('failed', (_job, error) => this.logger.warn(`Plan rollover failed: ${error.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    this.unwatch?.();
    await this.worker?.close();
    await this.queue?.close();
    this.connection?.close();
  }
}
