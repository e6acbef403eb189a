import { queues, topics } from '@abide/contracts';
import { KafkaPublisher } from '@abide/messaging';
import { eventually, testBuckets, testObjectStore, type UserSession } from '@abide/testing';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { Resource } from '@abide/contracts';
import type { FixtureFile } from '../fixtures/library/files';
import { processed, seedWithRole, uploadResource } from './library';
import type { SeededMember } from './members';

/** Operations data for the admin's page: an admin, a failed background job, a dead letter. */

const namespace = () => process.env.E2E_NAMESPACE ?? 'abide_test';

/** A member who is also an admin, with two-factor sign-in on. */
export const seedAdmin = (): Promise<SeededMember> => seedWithRole('admin');

export interface FailedUpload {
  resource: Resource;
  /** The job as the failed-jobs list names it. */
  queue: string;
  jobId: string;
  /** Puts the file back where processing reads it: a retry then succeeds. */
  restoreFile: () => Promise<void>;
}

const readAll = async (stream: NodeJS.ReadableStream): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

/**
 * A library processing job that really fails in the library's own worker: its PDF is gone from quarantine when the
 * job runs (as after a lost object), so reading it throws. The library turns unreadable files into a "failed"
 * resource without failing the job (and reads a text file inside that guard), so a missing PDF is the way to a
 * failed job. The queue is paused
 * while the file is taken away, and the job is put back with one attempt so it fails at once instead of after five
 * back-offs (about 30 s); the resource stays "processing", so a retry after `restoreFile` processes it.
 */
export async function seedFailedProcessingJob(uploader: UserSession, file: FixtureFile, title: string): Promise<FailedUpload> {
  const redis = new IORedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
  const queue = new Queue(queues.libraryResourceProcessing, { connection: redis, prefix: `${namespace()}:bull` });
  const store = testObjectStore();
  try {
    await queue.pause();
    let resource: Resource;
    try {
      resource = await uploadResource(uploader, { file, title, category: 'guide' });
      const job = await eventually(async () => {
        const waiting = await queue.getJobs(['paused', 'wait', 'waiting']);
        return waiting.find((candidate) => (candidate.data as { resourceId?: string }).resourceId === resource.id);
      });
      const keys: string[] = [];
      for await (const item of store.listObjectsV2(testBuckets.quarantine(), `${uploader.user.id}/`, true)) if (item.name) keys.push(item.name);
      if (keys.length !== 1) throw new Error(`expected one quarantined file for the upload, found ${keys.length}`);
      const [key] = keys;
      const bytes = await readAll(await store.getObject(testBuckets.quarantine(), key));
      await store.removeObject(testBuckets.quarantine(), key);
      const jobId = job.id as string;
      await job.remove();
      await queue.add(job.name, job.data, { jobId, attempts: 1, removeOnFail: false });
      const restoreFile = async () => {
        await store.putObject(testBuckets.quarantine(), key, bytes, bytes.length);
      };
      await queue.resume();
      let state = '';
      await eventually(
        async () => {
          state = await queue.getJobState(jobId);
          return state === 'failed' ? true : undefined;
        },
        { timeoutMs: 20_000 },
      ).catch((error: Error) => {
        throw new Error(`the processing job did not fail (it is ${state})`, { cause: error });
      });
      return { resource, queue: queues.libraryResourceProcessing, jobId, restoreFile };
    } finally {
      await queue.resume();
    }
  } finally {
    await queue.close();
    redis.disconnect();
  }
}

/** Waits until a resource has been processed and is waiting for review. */
export async function processedForReview(uploader: UserSession, id: string): Promise<Resource> {
  return eventually(async () => {
    const resource = await processed(uploader, id);
    return resource.status === 'in-review' ? resource : undefined;
  });
}

/**
 * A message the library's directory cannot read (not JSON) on community's group topic: the library dead-letters it
 * with the reason "invalid JSON". Returns the topic it was sent to.
 */
export async function seedDeadLetter(): Promise<string> {
  const publisher = new KafkaPublisher({
    clientId: `ops-web-e2e-${randomUUID().slice(-8)}`,
    brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
  });
  const topic = `${namespace()}.${topics.communityGroup}`;
  try {
    await publisher.publishRaw(topic, [{ key: `ops-poison-${randomUUID()}`, value: 'this is not json', headers: {} }]);
  } finally {
    await publisher.disconnect();
  }
  return topic;
}
