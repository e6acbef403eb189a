import type { FailedJob, OpsService } from '@abide/contracts';
import { type Job, Queue } from 'bullmq';
import { DomainError } from '../errors/domain-error';
import { RedisConnection } from '../redis/redis-connection';

/** How many failed jobs of each queue the operations page lists (most recent first). */
export const FAILED_JOBS_PER_QUEUE = 100;

const iso = (ms: number | undefined): string | null => (ms ? new Date(ms).toISOString() : null);

/**
 * What a job's data may show an operator: the values of its id fields (`resourceId=…`) and only the names of the
 * others, which may hold personal values (names, addresses, messages).
 */
export const summariseJobData = (data: unknown): string => {
  if (!data || typeof data !== 'object') return '';
  const ids: string[] = [];
  const others: string[] = [];
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (/(^id|Id|Key)$/.test(key) && (typeof value === 'string' || typeof value === 'number')) ids.push(`${key}=${String(value)}`);
    else others.push(key);
  }
  return [...ids, ...(others.length ? [`other fields: ${others.join(', ')}`] : [])].join('; ');
};

/**
 * The failed jobs of one service's BullMQ queues, for operators: listed and retried through queue handles of its own
 * (an enqueue connection that fails fast while Redis is away), so the workers' code is untouched.
 */
export class FailedJobs {
  private readonly connection: RedisConnection;
  private readonly queues: Map<string, Queue>;

  constructor(
    private readonly service: OpsService,
    options: { redisUrl: string; prefix: string; queueNames: readonly string[] },
  ) {
    this.connection = new RedisConnection(options.redisUrl, 'ops-failed-jobs', 'enqueue');
    this.queues = new Map(
      options.queueNames.map((name) => [name, new Queue(name, { connection: this.connection.client, prefix: options.prefix })]),
    );
  }

  async list(): Promise<FailedJob[]> {
    const perQueue = await Promise.all(
      [...this.queues.entries()].map(async ([queue, handle]) =>
        (await this.unavailableWhileRedisAway(() => handle.getFailed(0, FAILED_JOBS_PER_QUEUE - 1))).map((job) => this.view(queue, job)),
      ),
    );
    return perQueue.flat().sort((a, b) => (b.finishedAt ?? '').localeCompare(a.finishedAt ?? ''));
  }

  /** Retries a failed job: 404 for an unknown queue or job, 409 when it is no longer failed. */
  async retry(queue: string, id: string): Promise<FailedJob> {
    const handle = this.queues.get(queue);
    if (!handle) throw DomainError.notFound(`The queue ${queue}`);
    const job = await this.unavailableWhileRedisAway(() => handle.getJob(id));
    if (!job) throw DomainError.notFound('This job');
    const state = await this.unavailableWhileRedisAway(() => job.getState());
    if (state !== 'failed') throw DomainError.conflict(`This job is ${state}, not failed: there is nothing to retry.`);
    const failed = this.view(queue, job);
    try {
      await job.retry('failed');
    } catch (error) {
      // Another operator (or the worker's own retry) moved it first.
      throw DomainError.conflict(`This job is no longer failed (${(error as Error).message}).`);
    }
    return failed;
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close().catch(() => undefined)));
    this.connection.close();
  }

  private view(queue: string, job: Job): FailedJob {
    return {
      service: this.service,
      queue,
      id: String(job.id),
      name: job.name,
      failedReason: job.failedReason ?? '',
      attemptsMade: job.attemptsMade,
      createdAt: iso(job.timestamp),
      processedAt: iso(job.processedOn),
      finishedAt: iso(job.finishedOn),
      dataSummary: summariseJobData(job.data),
    };
  }

  private async unavailableWhileRedisAway<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw DomainError.unavailable(`The job queues cannot be read right now (${(error as Error).message}). Please try again shortly.`);
    }
  }
}
