import { type DeadLetterReplay, type DeadLetters, type FailedJobs, type OpsHealth, type ProblemDetails, topics } from '@abide/contracts';
import { KafkaPublisher } from '@abide/messaging';
import { eventually, signUpWithRole, UserSession } from '@abide/testing';
import { v7 as uuidv7 } from 'uuid';

let member: UserSession;
let moderator: UserSession;
let admin: UserSession;

const routes: Array<[method: 'GET' | 'POST', path: string]> = [
  ['GET', '/api/ops/health'],
  ['GET', '/api/ops/failed-jobs'],
  ['POST', '/api/ops/failed-jobs/library-resource-processing/some-job/retry'],
  ['GET', '/api/ops/dead-letters'],
  ['POST', '/api/ops/dead-letters/library/some-letter/replay'],
  ['GET', '/api/ops/prometheus/query?query=up'],
  ['GET', '/api/ops/prometheus/query-range?query=up&start=0&end=60&step=15'],
];

beforeAll(async () => {
  [member, moderator, admin] = await Promise.all([
    UserSession.signUp({ name: 'Silas' }),
    signUpWithRole('moderator', 'Moderator Mary'),
    signUpWithRole('admin', 'Admin Ada'),
  ]);
});

describe('the operations API', () => {
  it('refuses a member and a moderator on every route', async () => {
    for (const session of [member, moderator]) {
      for (const [method, path] of routes) {
        const res = method === 'GET' ? await session.get(path) : await session.post(path);
        expect({ path, status: res.status }).toEqual({ path, status: 403 });
      }
    }
  });

  it('shows an admin the health of every service with its engines in one answer', async () => {
    const res = await admin.get<OpsHealth>('/api/ops/health');

    expect(res.status).toBe(200);
    expect(res.body.services.map((s) => s.service)).toEqual(['identity', 'formation', 'library', 'community']);
    const library = res.body.services.find((s) => s.service === 'library');
    expect(library?.status).not.toBe('unavailable');
    expect(Object.keys(library?.checks ?? {})).toEqual(expect.arrayContaining(['mongo']));
    expect(res.body.prometheus.status).toMatch(/^(ok|failing)$/);
  });

  it('lists failed jobs and answers 404 for a job or queue it does not know', async () => {
    const list = await admin.get<FailedJobs>('/api/ops/failed-jobs');
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body.jobs)).toBe(true);

    const unknownJob = await admin.post<ProblemDetails>('/api/ops/failed-jobs/library-resource-processing/no-such-job/retry');
    expect(unknownJob.status).toBe(404);
    const unknownQueue = await admin.post<ProblemDetails>('/api/ops/failed-jobs/no-such-queue/1/retry');
    expect(unknownQueue.status).toBe(404);
  });

  it('passes Prometheus queries on, or says clearly that Prometheus is unreachable', async () => {
    const health = await admin.get<OpsHealth>('/api/ops/health');
    const res = await admin.get<ProblemDetails & { status: string }>('/api/ops/prometheus/query?query=up');

    if (health.body.prometheus.status === 'ok') expect(res).toMatchObject({ status: 200, body: { status: 'success' } });
    else expect(res).toMatchObject({ status: 503, body: { detail: expect.stringContaining('Prometheus') } });
    expect((await admin.get<ProblemDetails>('/api/ops/prometheus/query')).status).toBe(400);
  });

  it('lists a dead-lettered message with its reason and replays it once', async () => {
    const publisher = new KafkaPublisher({
      clientId: `ops-e2e-${uuidv7().slice(-8)}`,
      brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
    });
    const key = `ops-poison-${uuidv7()}`;
    try {
      // The library's directory reads community's group events: a message that is not JSON is dead-lettered there.
      const topic = `${process.env.E2E_NAMESPACE ?? 'abide_test'}.${topics.communityGroup}`;
      await publisher.publishRaw(topic, [{ key, value: 'this is not json', headers: {} }]);

      const letter = await eventually(async () => {
        const res = await admin.get<DeadLetters>('/api/ops/dead-letters');
        expect(res.status).toBe(200);
        const found = res.body.deadLetters.find((l) => l.service === 'library' && l.topic === topic && l.reason === 'invalid JSON');
        expect(found).toBeDefined();
        return found!;
      });
      expect(letter).toMatchObject({ eventId: null, replayedAt: null });

      const path = `/api/ops/dead-letters/library/${encodeURIComponent(letter.id)}/replay`;
      const first = await admin.post<DeadLetterReplay>(path);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ republished: true, deadLetter: { id: letter.id, replayedAt: expect.any(String) } });
      const second = await admin.post<DeadLetterReplay>(path);
      expect(second.body).toMatchObject({ republished: false, deadLetter: { id: letter.id } });
      expect((await admin.post('/api/ops/dead-letters/library/no-such-letter/replay')).status).toBe(404);
    } finally {
      await publisher.disconnect();
    }
  });
});
