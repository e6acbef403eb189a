import { randomUUID } from 'node:crypto';
import { type Job, Queue, QueueEvents, Worker } from 'bullmq';
import { RedisConnection } from '../redis/redis-connection';
import { FailedJobs } from './failed-jobs';

describe('FailedJobs (real Redis)', () => {
  const prefix = `it-ops-${randomUUID().slice(0, 8)}:bull`;
  const queueName = 'ops-test-queue';
  let redis: RedisConnection;
  let queue: Queue;
  let worker: Worker;
  let workerRedis: RedisConnection['client'];
  let events: QueueEvents;
  let jobs: FailedJobs;
  let broken = true;
  const ran: string[] = [];

  beforeAll(async () => {
    redis = new RedisConnection(process.env.REDIS_URL as string, 'ops-test', 'jobs');
    queue = new Queue(queueName, { connection: redis.client, prefix });
    events = new QueueEvents(queueName, { connection: { url: process.env.REDIS_URL }, prefix });
    workerRedis = redis.client.duplicate({ maxRetriesPerRequest: null });
    worker = new Worker(
      queueName,
      async (job: Job<{ resourceId: string; email: string }>) => {
        if (broken) throw new Error('text extraction failed');
        ran.push(job.data.resourceId);
      },
      { connection: workerRedis, prefix },
    );
    jobs = new FailedJobs('library', { redisUrl: process.env.REDIS_URL as string, prefix, queueNames: [queueName] });
    await Promise.all([events.waitUntilReady(), worker.waitUntilReady()]);
  });

  afterAll(async () => {
    await worker.close();
    workerRedis.disconnect();
    await events.close();
    await queue.obliterate({ force: true });
    await queue.close();
    await jobs.close();
    redis.close();
  });

  it('lists a failed job with its error and no personal values, retries it once, and refuses a second retry', async () => {
    const job = await queue.add('process', { resourceId: 'res-1', email: 'ada@example.com' }, { jobId: 'res-1-v1' });
    await expect(job.waitUntilFinished(events)).rejects.toThrow('text extraction failed');

    const listed = await jobs.list();
    expect(listed).toEqual([
      expect.objectContaining({
        service: 'library',
        queue: queueName,
        id: 'res-1-v1',
        name: 'process',
        failedReason: 'text extraction failed',
        attemptsMade: 1,
        dataSummary: 'resourceId=res-1; other fields: email',
      }),
    ]);
    expect(JSON.stringify(listed)).not.toContain('ada@example.com');

    broken = false;
    const completed = new Promise((resolve) => events.once('completed', resolve));
    await expect(jobs.retry(queueName, 'res-1-v1')).resolves.toMatchObject({ id: 'res-1-v1' });
    await completed;
    expect(ran).toEqual(['res-1']);
    expect(await jobs.list()).toEqual([]);

    await expect(jobs.retry(queueName, 'res-1-v1')).rejects.toMatchObject({ status: 409 });
    await expect(jobs.retry(queueName, 'no-such-job')).rejects.toMatchObject({ status: 404 });
    await expect(jobs.retry('no-such-queue', 'res-1-v1')).rejects.toMatchObject({ status: 404 });
  });
});
