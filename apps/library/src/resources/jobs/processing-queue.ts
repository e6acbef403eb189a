import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { queues } from '@abide/contracts';
import { type JobsOptions, Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { LIBRARY_CONFIG, type LibraryConfig } from '../../config/env.schema';

/** Retried with exponential back-off (2 s, 4 s, 8 s, …); failed jobs stay visible to operators. */
export const processingJobOptions: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
  removeOnFail: false,
};

/** The processing queue: one job per submitted file, its id the submission (a second add of the same one is ignored). */
@Injectable()
export class ProcessingQueue implements OnApplicationShutdown {
  readonly connection: Redis;
  readonly prefix: string;
  readonly queue: Queue;

  constructor(@Inject(LIBRARY_CONFIG) config: LibraryConfig) {
    this.connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null, lazyConnect: true });
    this.prefix = `${config.REDIS_KEY_PREFIX}:bull`;
    this.queue = new Queue(queues.libraryResourceProcessing, { connection: this.connection, prefix: this.prefix });
  }

  async add(resourceId: string, submittedVersion: number): Promise<void> {
    await this.queue.add('process', { resourceId }, { ...processingJobOptions, jobId: `${resourceId}-v${submittedVersion}` });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    this.connection.disconnect();
  }
}
