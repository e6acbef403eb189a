import { bullmqJobDuration, bullmqJobs } from './instruments';
import { onScrape, throttled } from './registry';

/** What is read of a BullMQ Queue (structural, so the platform needs no BullMQ types). */
export interface CountedQueue {
  readonly name: string;
  getJobCounts(...types: string[]): Promise<Record<string, number>>;
}

/** What is read of a BullMQ Worker and its jobs. */
export interface TimedWorker {
  readonly name: string;
  on(event: 'completed', listener: (job: TimedJob) => void): unknown;
  on(event: 'failed', listener: (job: TimedJob | undefined) => void): unknown;
}

export interface TimedJob {
  processedOn?: number;
  finishedOn?: number;
}

const STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** Reports the queue's job counts by state (read from Redis at most every few seconds, on scrape). Returns a stop. */
export const watchQueue = (queue: CountedQueue): (() => void) =>
  onScrape(
    throttled(async () => {
      const counts = await queue.getJobCounts(...STATES);
      for (const state of STATES) bullmqJobs.set({ queue: queue.name, state }, counts[state] ?? 0);
    }),
  );

/** Observes how long the worker's jobs took, completed or failed (a failed attempt that will be retried counts too). */
export const watchWorker = (worker: TimedWorker): void => {
  const observe = (job: TimedJob | undefined, outcome: 'completed' | 'failed'): void => {
    if (!job?.processedOn) return;
    bullmqJobDuration.observe({ queue: worker.name, outcome }, Math.max(0, (job.finishedOn ?? Date.now()) - job.processedOn) / 1000);
  };
  worker.on('completed', (job) => observe(job, 'completed'));
  worker.on('failed', (job) => observe(job, 'failed'));
};
