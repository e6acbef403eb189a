import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { queues } from '@abide/contracts';
import { HealthRegistry, logBullmqErrors, RedisConnection, watchQueue, watchWorker } from '@abide/platform';
import { type JobsOptions, Queue, Worker } from 'bullmq';
import { keepScheduled } from '../../shared/keep-scheduled';
import { CLOCK, type Clock } from '../../config/clock';
import { NudgeService } from '../nudge.service';

export interface NudgeJobSettings {
  redisUrl: string;
  /** Namespace of the Redis keys (REDIS_KEY_PREFIX), so stacks sharing one Redis never share jobs. */
  keyPrefix: string;
  /** Run the periodic scan and the delivery worker in this instance. */
  enabled: boolean;
  scanEveryMs: number;
}
export const NUDGE_JOB_SETTINGS = Symbol('NUDGE_JOB_SETTINGS');

/** A delivery is retried with exponential back-off (30 s, 1 min, 2 min, …); failed jobs stay visible to operators. */
export const deliveryJobOptions: JobsOptions = {
  attempts: 6,
  backoff: { type: 'exponential', delay: 30_000 },
  removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
  removeOnFail: false,
};

/**
 * BullMQ wiring of the nudges: a scheduler runs the scan every few minutes; each claimed reminder becomes one
 * delivery job whose id is its idempotency key (BullMQ also refuses a second job with the same id). After a Redis
 * restart the scheduler is registered again and the next scan re-enqueues every claimed reminder not yet delivered.
 */
@Injectable()
export class NudgeJobs implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(NudgeJobs.name);
  private connection?: RedisConnection;
  private scanQueue?: Queue;
  private deliveryQueue?: Queue;
  private workers: Worker[] = [];
  private unwatch: Array<() => void> = [];

  constructor(
    @Inject(NUDGE_JOB_SETTINGS) private readonly settings: NudgeJobSettings,
    private readonly nudges: NudgeService,
    @Optional() private readonly health?: HealthRegistry,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = () => new Date(),
  ) {}

  onApplicationBootstrap(): void {
    if (!this.settings.enabled) return;
    this.start();
  }

  start(): void {
    this.connection = new RedisConnection(this.settings.redisUrl, 'nudges', 'jobs');
    this.health?.add(this.connection.healthCheck());
    const prefix = `${this.settings.keyPrefix}:bull`;
    const connection = this.connection.client;
    const scanQueue = new Queue(queues.formationNudgeScan, { connection, prefix });
    this.scanQueue = scanQueue;
    this.deliveryQueue = new Queue(queues.formationNudgeDelivery, { connection, prefix });
    keepScheduled(this.connection, this.logger, () =>
      scanQueue.upsertJobScheduler('every-few-minutes', { every: this.settings.scanEveryMs }, { name: 'scan' }),
    );
    this.workers = [
      new Worker(queues.formationNudgeScan, async () => this.scanAndEnqueue(this.clock()), { connection, prefix, concurrency: 1 }),
      new Worker(queues.formationNudgeDelivery, async (job) => this.nudges.deliver(String(job.data.key), this.clock()), {
        connection,
        prefix,
        concurrency: 5,
      }),
    ];
    for (const worker of this.workers)
      worker.on('failed', (job, err) => this.logger.warn({ job: job?.id, err: err.message }, 'nudge job failed'));
    logBullmqErrors(this.logger, scanQueue, this.deliveryQueue, ...this.workers);
    this.unwatch = [watchQueue(scanQueue), watchQueue(this.deliveryQueue)];
    for (const worker of this.workers) watchWorker(worker);
  }

  /** The scan job: claim what is due at `now` and enqueue one delivery each (plus any claim left undelivered). */
  async scanAndEnqueue(now: Date): Promise<number> {
    const claimed = await this.nudges.scan(now);
    const keys = new Set([...claimed.map((n) => n.key), ...(await this.nudges.pendingKeys())]);
    if (!this.deliveryQueue) return 0;
    await this.deliveryQueue.addBulk(
      [...keys].map((key) => ({ name: 'deliver', data: { key }, opts: { ...deliveryJobOptions, jobId: key.replace(/:/g, '|') } })),
    );
    return keys.size;
  }

  async onApplicationShutdown(): Promise<void> {
    for (const stop of this.unwatch) stop();
    await Promise.all(this.workers.map((w) => w.close()));
    await Promise.all([this.scanQueue?.close(), this.deliveryQueue?.close()]);
    this.connection?.close();
  }
}
