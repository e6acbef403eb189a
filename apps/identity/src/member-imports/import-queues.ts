import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { queues } from '@abide/contracts';
import { DomainError, HealthRegistry, logBullmqErrors, RedisConnection, watchQueue } from '@abide/platform';
import { type JobsOptions, Queue } from 'bullmq';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import type { CheckedRow } from './domain/import-rows';

/** An import's job: retried with back-off (a database or Redis away for a moment); a failed one stays for operators. */
export const importJobOptions: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 7 * 24 * 3600, count: 1000 },
  removeOnFail: false,
};

/**
 * A batch of invitations to send, by id only (the link's secret is made when the mail is sent, never kept in Redis). A
 * completed job goes after an hour (long enough to recognise a batch a retried import already queued), and a failed
 * one after a week (an operator retries it from the operations page within that time, or the admin resends).
 */
export const deliveryJobOptions: JobsOptions = {
  attempts: 6,
  backoff: { type: 'exponential', delay: 30_000 },
  removeOnComplete: { age: 3600 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

/** The checked rows of an upload wait here for the job, never longer than a week (the file itself is not kept). */
const ROWS_TTL_SECONDS = 7 * 24 * 3600;

/** What the upload hands the job: the checked rows, and who belonged to the church then ("already a member"). */
export interface ImportInput {
  rows: CheckedRow[];
  memberIds: string[];
}

export interface DeliveryItem {
  invitationId: string;
}

export interface DeliveryJob {
  importId: string;
  /** The admin who sent them (the import's, or the resend's): its texts count against their daily allowance. */
  by?: string;
  items: DeliveryItem[];
}

/**
 * The member-import queue (one job per upload, its id the import's) and the invitation-delivery queue (batches of
 * invitations), with the uploaded rows kept in Redis beside them. Adding fails at once while Redis is away (an upload
 * answers 503 rather than wait); the workers have their own connection, which waits an outage out.
 */
@Injectable()
export class ImportQueues implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ImportQueues.name);
  readonly enqueueRedis: RedisConnection;
  readonly workerRedis: RedisConnection;
  readonly prefix: string;
  readonly imports: Queue<{ importId: string }>;
  readonly deliveries: Queue<DeliveryJob>;
  private readonly rowsPrefix: string;
  private readonly unwatch: Array<() => void>;

  constructor(
    @Inject(IDENTITY_CONFIG) config: IdentityConfig,
    private readonly health: HealthRegistry,
  ) {
    this.enqueueRedis = new RedisConnection(config.REDIS_URL, 'member-import-enqueue', 'enqueue');
    this.workerRedis = new RedisConnection(config.REDIS_URL, 'member-import-jobs', 'jobs');
    this.prefix = `${config.REDIS_KEY_PREFIX}:bull`;
    this.rowsPrefix = `${config.REDIS_KEY_PREFIX}:identity:member-import-rows`;
    this.imports = new Queue(queues.identityMemberImport, { connection: this.enqueueRedis.client, prefix: this.prefix });
    this.deliveries = new Queue(queues.identityInvitationDelivery, { connection: this.enqueueRedis.client, prefix: this.prefix });
    logBullmqErrors(this.logger, this.imports, this.deliveries);
    this.unwatch = [watchQueue(this.imports), watchQueue(this.deliveries)];
  }

  onModuleInit(): void {
    this.health.add(this.workerRedis.healthCheck());
  }

  /** Keeps an upload's checked rows (and the church's members then) for its job. */
  async saveInput(importId: string, input: ImportInput): Promise<void> {
    await this.unavailableWhileRedisAway(() => this.enqueueRedis.client.set(this.rowsKey(importId), JSON.stringify(input), 'EX', ROWS_TTL_SECONDS));
  }

  async input(importId: string): Promise<ImportInput | null> {
    const text = await this.workerRedis.client.get(this.rowsKey(importId));
    return text ? (JSON.parse(text) as ImportInput) : null;
  }

  async forgetRows(importId: string): Promise<void> {
    await this.workerRedis.client.del(this.rowsKey(importId));
  }

  async addImport(importId: string): Promise<void> {
    await this.imports.add('import', { importId }, { ...importJobOptions, jobId: importId });
  }

  /** Batches with fixed ids: adding one that is there already (a retried import) adds nothing. */
  async addDeliveries(batches: ReadonlyArray<{ id: string; job: DeliveryJob }>): Promise<void> {
    if (batches.length === 0) return;
    await this.deliveries.addBulk(batches.map(({ id, job }) => ({ name: 'deliver', data: job, opts: { ...deliveryJobOptions, jobId: id } })));
  }

  async deliveryQueued(id: string): Promise<boolean> {
    return (await this.deliveries.getJob(id)) !== undefined;
  }

  /** How far a running import has come (the job's progress), or null without a job. */
  async progressOf(importId: string): Promise<ImportProgress | null> {
    const job = await this.imports.getJob(importId).catch(() => undefined);
    const progress = job?.progress;
    return progress && typeof progress === 'object' ? (progress as ImportProgress) : null;
  }

  async onApplicationShutdown(): Promise<void> {
    for (const stop of this.unwatch) stop();
    await Promise.all([this.imports.close(), this.deliveries.close()].map((p) => p.catch(() => undefined)));
    this.enqueueRedis.close();
    this.workerRedis.close();
  }

  private rowsKey(importId: string): string {
    return `${this.rowsPrefix}:${importId}`;
  }

  private async unavailableWhileRedisAway<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw DomainError.unavailable(`Imports cannot be started right now (${(error as Error).message}). Please try again shortly.`);
    }
  }
}

/** What a running import's job records as it goes: rows done, chunks done (where a retry resumes) and the counts so far. */
export interface ImportProgress {
  processed: number;
  chunks: number;
  counts: { created: number; invited: number; alreadyMember: number; alreadyInvited: number; refused: number };
}
