import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { queues } from '@abide/contracts';
import { type Job, Worker } from 'bullmq';
import { logBullmqErrors, watchWorker } from '@abide/platform';
import { v7 as uuidv7 } from 'uuid';
import { LIBRARY_CONFIG, type LibraryConfig } from '../../config/env.schema';
import { ResourceCommands } from '../commands/resource.commands';
import { ObjectStorage, contentTypeOf, extractText, isUnreadableFile } from '../../files/files.port';
import { ResourceProjection } from '../projections/resource.projection';
import { ProcessingQueue, processingJobOptions } from '../commands/processing-queue';

export const PROCESSING_GAVE_UP = 'We could not process this file. Please try uploading it again later.';

export type ProcessingOutcome = 'processed' | 'failed' | 'skipped';

/** How often submissions without a job (Redis was away, or restarted empty) are looked for. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Processes a submitted file: reads its text (search, page and word counts, excerpt), then moves it from quarantine
 * to the store. Safe to run again at any step: the stream's state says what is left to do.
 */
@Injectable()
export class ResourceProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ResourceProcessor.name);
  private worker?: Worker;
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly commands: ResourceCommands,
    private readonly objects: ObjectStorage,
    private readonly resources: ResourceProjection,
    private readonly queue: ProcessingQueue,
    @Inject(LIBRARY_CONFIG) private readonly config: LibraryConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.JOBS_ENABLED) return;
    // sweep() catches and logs its own failures; the catches here only keep a surprise from escaping.
    this.sweep(60_000).catch(() => undefined);
    this.sweeper = setInterval(() => void this.sweep(SWEEP_EVERY_MS).catch(() => undefined), SWEEP_EVERY_MS);
    this.sweeper.unref();
    // A Redis that comes back may have lost its jobs: every submission still processing gets its job again. On the
    // enqueuing client's reconnect, since the sweep adds through it (the workers' client may be back a moment before).
    this.queue.enqueueRedis.onReconnect(() => this.sweep(0));
    this.worker = new Worker(queues.libraryResourceProcessing, (job: Job<{ resourceId: string }>) => this.process(job.data.resourceId), {
      connection: this.queue.workerRedis.client,
      prefix: this.queue.prefix,
      concurrency: 2,
    });
    logBullmqErrors(this.logger, this.worker);
    watchWorker(this.worker);
    this.worker.on('failed', (job, err) => {
      this.logger.warn({ job: job?.id, err: err.message }, 'processing job failed');
      // After the last attempt the owner learns it failed instead of waiting forever.
      if (job && job.attemptsMade >= (processingJobOptions.attempts ?? 1)) {
        void this.commands.processingFailed(job.data.resourceId, PROCESSING_GAVE_UP, { correlationId: uuidv7() }).catch(() => undefined);
      }
    });
  }

  /** resumeStalled that only logs when it fails (Redis or the database still away: the next sweep tries again). */
  private async sweep(olderThanMs: number): Promise<void> {
    try {
      const count = await this.resumeStalled(olderThanMs);
      if (count > 0) this.logger.log(`Queued processing again for ${count} submission(s) without a job`);
    } catch (error) {
      this.logger.debug(`sweep failed: ${(error as Error).message}`);
    }
  }

  /**
   * Submissions still processing a while after they were made (a missed enqueue) get a job again; processing is
   * idempotent. Every instance sweeps: the job's id names the submission and its version, so instances make one job.
   */
  async resumeStalled(olderThanMs = 60_000): Promise<number> {
    const stalled = await this.resources.model
      .find({ deleted: false, status: 'processing', updatedAt: { $lt: new Date(Date.now() - olderThanMs) } }, { _id: 1, version: 1 })
      .lean<Array<{ _id: string; version: number }>>();
    for (const { _id, version } of stalled) await this.queue.add(_id, version);
    return stalled.length;
  }

  async process(resourceId: string): Promise<ProcessingOutcome> {
    const state = await this.commands.load(resourceId);
    const meta = { correlationId: uuidv7() };
    const file = state.file;
    if (!state.exists || state.deleted || state.stage !== 'processing' || !file) {
      // A retry after the move: only the quarantine copy may be left.
      if (file && state.storedKey) await this.objects.remove('quarantine', file.storageKey).catch(() => undefined);
      return 'skipped';
    }
    let extracted;
    try {
      extracted = await extractText(file.fileType, {
        buffer: () => this.objects.buffer('quarantine', file.storageKey),
        range: this.objects.rangeSource('quarantine', file.storageKey, file.fileSize),
      });
    } catch (error) {
      if (!isUnreadableFile(error)) throw error;
      // The unreadable file is not kept: gone before the owner can read that it failed.
      await this.objects.remove('quarantine', file.storageKey).catch(() => undefined);
      await this.commands.processingFailed(resourceId, error.message, meta);
      return 'failed';
    }
    await this.resources.texts
      .updateOne({ _id: resourceId }, { $set: { text: extracted.text, ownerId: state.ownerId } }, { upsert: true })
      .catch(async (error: { code?: number }) => {
        if (error.code !== 11000) throw error;
        await this.resources.texts.updateOne({ _id: resourceId }, { $set: { text: extracted.text, ownerId: state.ownerId } });
      });
    await this.objects.copy('quarantine', file.storageKey, 'store', file.storageKey);
    await this.commands.processed(
      resourceId,
      { pages: extracted.pages, words: extracted.words, excerpt: extracted.excerpt, storageKey: file.storageKey },
      meta,
    );
    await this.objects.remove('quarantine', file.storageKey);
    this.logger.log({ resourceId, type: file.fileType, contentType: contentTypeOf(file.fileType) }, 'resource processed');
    return 'processed';
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.sweeper);
    await this.worker?.close();
  }
}
