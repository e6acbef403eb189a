import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { queues } from '@abide/contracts';
import { HealthRegistry, logBullmqErrors, RedisConnection, watchQueue } from '@abide/platform';
import { type JobsOptions, Queue } from 'bullmq';
import { LIBRARY_CONFIG, type LibraryConfig } from '../../config/env.schema';

/** Retried with exponential back-off (2 s, 4 s, 8 s, …); failed jobs stay visible to operators. */
export const processingJobOptions: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
  removeOnFail: false,
};

/**
 * The processing queue: one job per submitted file, its id the submission (a second add of the same one is ignored).
 * Adding fails at once while Redis is away (an upload never waits for it); the processor's sweep adds it later.
 * The worker has its own connection, which waits out an outage.
 */
@Injectable()
export class ProcessingQueue implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ProcessingQueue.name);
  readonly enqueueRedis: RedisConnection;
  readonly workerRedis: RedisConnection;
  readonly prefix: string;
  readonly queue: Queue;
  private readonly unwatch: () => void;

  constructor(
    @Inject(LIBRARY_CONFIG) config: LibraryConfig,
    private readonly health: HealthRegistry,
  ) {
    this.enqueueRedis = new RedisConnection(config.REDIS_URL, 'processing-enqueue', 'enqueue');
    this.workerRedis = new RedisConnection(config.REDIS_URL, 'processing-jobs', 'jobs');
    this.prefix = `${config.REDIS_KEY_PREFIX}:bull`;
    this.queue = new Queue(queues.libraryResourceProcessing, { connection: this.enqueueRedis.client, prefix: this.prefix });
    logBullmqErrors(this.logger, this.queue);
    this.unwatch = watchQueue(this.queue);
  }

  onModuleInit(): void {
    this.health.add(this.workerRedis.healthCheck());
  }

  async add(resourceId: string, submittedVersion: number): Promise<void> {
    await this.queue.add('process', { resourceId }, { ...processingJobOptions, jobId: `${resourceId}-v${submittedVersion}` });
  }

  async onApplicationShutdown(): Promise<void> {
    this.unwatch();
    await this.queue.close().catch(() => undefined);
    this.enqueueRedis.close();
    this.workerRedis.close();
  }
}
