import type { FormationProfile, GroupSummary, Habit } from '@abide/contracts';
import { connect } from 'node:net';
import {
  apiUrl,
  call,
  eventually,
  type MetricSample,
  type MetricsScrape,
  scrapeMetrics,
  settled,
  stackMetricsInstances,
  submission,
  txt,
  upload,
  UserSession,
} from '@abide/testing';

/**
 * Operators' metrics (docs/architecture.md "Metrics"): each service serves Prometheus text on its own metrics port,
 * never through the gateway, and the series move with the traffic a member makes. Right at any replica count
 * (ABIDE_REPLICAS): every instance is scraped, counts are summed over a service's instances.
 */
type Service = 'gateway' | 'identity' | 'formation' | 'library' | 'community';
const services: Service[] = ['gateway', 'identity', 'formation', 'library', 'community'];

/**
 * One service's processes at one moment: with replicas each instance serves its own metrics (the gateway is one
 * process), so a count of the service is the sum over its instances, and what every process reports is checked on each.
 */
class ServiceScrape {
  constructor(readonly instances: Array<{ label: string; scrape: MetricsScrape }>) {}

  /** The samples of a metric, over every instance. */
  of(name: string, labels: Record<string, string> = {}): MetricSample[] {
    return this.instances.flatMap(({ scrape }) => scrape.of(name, labels));
  }

  sum(name: string, labels: Record<string, string> = {}): number {
    return this.instances.reduce((total, { scrape }) => total + scrape.sum(name, labels), 0);
  }
}

const scrape = async (service: Service): Promise<ServiceScrape> =>
  new ServiceScrape(
    await Promise.all(stackMetricsInstances(service).map(async ({ label, url }) => ({ label, scrape: await scrapeMetrics(url) }))),
  );

const scrapeAll = async (): Promise<Record<Service, ServiceScrape>> =>
  Object.fromEntries(await Promise.all(services.map(async (name) => [name, await scrape(name)] as const))) as Record<Service, ServiceScrape>;

const prayer = { name: 'Morning prayer', description: 'Before breakfast', category: 'prayer', frequency: 'daily', reminderTime: '07:00' };

/** The gauges read on scrape (outbox, lag, queues) are refreshed at most every 5 s. */
const pastRefresh = () => new Promise((resolve) => setTimeout(resolve, 5500));

describe('Prometheus metrics on each service', () => {
  let before: Record<Service, ServiceScrape>;
  let after: Record<Service, ServiceScrape>;
  let member: UserSession;
  let resourceId: string;

  beforeAll(async () => {
    // The gateway labels by the merged API document once it has one (before that, by the route table's segment). It
    // asks every service for its part; on a busy machine a freshly started instance may answer too late the first time.
    const documented = await eventually(async () => ((await call('GET', '/api/docs-json')).status === 200 ? true : undefined), {
      timeoutMs: 60_000,
      intervalMs: 1000,
    }).catch(() => false);
    expect(documented).toBe(true);
    before = await scrapeAll();
    // Traffic touching every service: a sign-up (identity's events consumed by the other three), a habit (formation's
    // event consumed by community), a group, an upload processed by the library's queue, and a path no service serves.
    member = await UserSession.signUp({ name: 'Lydia of Thyatira' });
    await eventually(async () => ((await member.get<FormationProfile>('/api/formation/profile')).status === 200 ? true : undefined));
    expect((await member.post<Habit>('/api/habits', prayer)).status).toBe(201);
    expect((await member.get<Habit[]>('/api/habits')).status).toBe(200);
    expect((await member.get<GroupSummary[]>('/api/groups')).status).toBe(200);
    const uploaded = await upload(member, txt('Abide in me, and I in you.', 'vine.txt'), submission());
    expect(uploaded.status).toBe(201);
    resourceId = uploaded.body.id;
    await settled(member, resourceId, 'in-review');
    expect((await call('GET', '/api/no-such-thing')).status).toBe(404);
    await pastRefresh();
    after = await scrapeAll();
  }, 150_000);

  it.each(services)('%s reports each process: memory, CPU, event-loop lag, GC, heap, labelled with the service', (service) => {
    for (const [i, { label, scrape: now }] of after[service].instances.entries()) {
      for (const name of [
        'process_cpu_seconds_total',
        'process_resident_memory_bytes',
        'nodejs_eventloop_lag_seconds',
        'nodejs_eventloop_lag_p99_seconds',
        'nodejs_heap_size_used_bytes',
      ]) {
        expect({ label, name, samples: now.of(name, { service }).length }).toEqual({ label, name, samples: 1 });
      }
      // Declared from the start; its samples appear only once the process has collected garbage.
      expect({ label, gc: now.declared.has('nodejs_gc_duration_seconds') }).toEqual({ label, gc: true });
      const cpuBefore = before[service].instances[i].scrape.sum('process_cpu_seconds_total');
      expect({ label, cpuGrew: now.sum('process_cpu_seconds_total') > cpuBefore }).toEqual({ label, cpuGrew: true });
    }
  });

  it.each(services)('%s counts and times its HTTP requests by route template, with in-flight requests', (service) => {
    expect(after[service].sum('http_requests_total', { service })).toBeGreaterThan(before[service].sum('http_requests_total', { service }));
    expect(after[service].sum('http_request_duration_seconds_count', { service })).toBeGreaterThan(
      before[service].sum('http_request_duration_seconds_count', { service }),
    );
    // One gauge per process.
    expect(after[service].of('http_requests_in_flight', { service })).toHaveLength(after[service].instances.length);
  });

  it('leaves no request counted in flight after a CORS preflight, a refused method, or a client that gave up', async () => {
    const { hostname, port } = new URL(apiUrl());
    // Raw HTTP/1.1: the client closes the connection once its text is sent, answered or not.
    const send = (raw: string) =>
      new Promise<void>((resolve, reject) => {
        const socket = connect({ host: hostname, port: Number(port) }, () => socket.end(raw));
        socket.on('error', reject);
        socket.on('close', () => resolve());
        socket.resume();
        socket.setTimeout(50, () => socket.destroy());
      });
    const head = (line: string, ...headers: string[]) => [line, `Host: ${hostname}`, ...headers, '', ''].join('\r\n');
    const bearer = `Authorization: Bearer ${member.token}`;
    const json = JSON.stringify(prayer);
    for (let i = 0; i < 3; i += 1) {
      // Answered by the CORS hook before any route runs (this once took the gauge below 0).
      await send(head('OPTIONS /api/habits HTTP/1.1', 'Origin: http://127.0.0.1:5173', 'Access-Control-Request-Method: POST'));
      await send(head('PATCH /api/habits HTTP/1.1', bearer));
      await send(head('GET /api/habits HTTP/1.1', bearer));
      await send(
        head('POST /api/habits HTTP/1.1', bearer, 'Content-Type: application/json', `Content-Length: ${json.length}`) + json.slice(0, 20),
      );
    }
    const idle = await eventually(async () => ((await scrape('gateway')).sum('http_requests_in_flight') === 0 ? true : undefined), {
      timeoutMs: 20_000,
      intervalMs: 25,
    });
    expect(idle).toBe(true);
  });

  it("labels the gateway's forwarded requests by the public route template, never by the raw URL", () => {
    const gateway = after.gateway;
    const moved = (labels: Record<string, string>) =>
      gateway.sum('http_requests_total', labels) - before.gateway.sum('http_requests_total', labels);

    // At least: another spec file may be sending the same requests to this stack meanwhile.
    expect(moved({ method: 'POST', route: '/api/habits', status: '201' })).toBeGreaterThanOrEqual(1);
    expect(moved({ method: 'POST', route: '/api/uploads', status: '201' })).toBeGreaterThanOrEqual(1);
    expect(moved({ method: 'GET', route: '/api/no-such-thing' })).toBe(0);
    expect(moved({ method: 'GET', route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    const polled = gateway.of('http_requests_total', { method: 'GET', status: '200' }).map((s) => s.labels.route);
    expect(polled).toContainEqual(expect.stringMatching(/^\/api\/uploads\/:\w+$/));
    const routes = gateway.of('http_requests_total').map((s) => s.labels.route);
    expect(routes.filter((route) => route.includes(resourceId) || route.includes(member.user.id))).toEqual([]);
    // Services label by their own templates too.
    expect(after.formation.sum('http_requests_total', { method: 'POST', route: '/habits', status: '201' })).toBeGreaterThanOrEqual(1);
  });

  it('reports the outbox: backlog and how long events waited to be published', () => {
    for (const service of ['identity', 'formation', 'library'] as const) {
      expect(after[service].of('outbox_backlog', { service })).toHaveLength(after[service].instances.length);
      expect(after[service].sum('outbox_publish_seconds_count')).toBeGreaterThan(before[service].sum('outbox_publish_seconds_count'));
    }
  });

  it("reports each consumer's lag, handled messages and the events' propagation time", () => {
    for (const service of ['formation', 'library', 'community'] as const) {
      // Over the service's instances: with replicas each reports the partitions it was given.
      const lag = after[service].of('kafka_consumer_lag', { service });
      expect(lag.length).toBeGreaterThan(0);
      expect(lag.every((s) => s.labels.group.endsWith(service) && s.labels.topic && /^\d+$/.test(s.labels.partition))).toBe(true);
      const handled = { service, outcome: 'handled' };
      expect(after[service].sum('kafka_messages_handled_total', handled)).toBeGreaterThan(
        before[service].sum('kafka_messages_handled_total', handled),
      );
      // The same group label as the lag's, so the two join on a dashboard.
      const groups = new Set(lag.map((s) => s.labels.group));
      const handledGroups = new Set(after[service].of('kafka_messages_handled_total', handled).map((s) => s.labels.group));
      expect({ service, unmatched: [...handledGroups].filter((group) => !groups.has(group)) }).toEqual({ service, unmatched: [] });
      expect(after[service].sum('event_propagation_seconds_count')).toBeGreaterThan(before[service].sum('event_propagation_seconds_count'));
    }
  });

  it("reports the BullMQ queues' jobs by state and the jobs' durations", () => {
    for (const [service, queue] of [
      ['formation', 'formation-plan-rollover'],
      ['formation', 'formation-nudge-scan'],
      ['formation', 'formation-nudge-delivery'],
      ['library', 'library-resource-processing'],
    ] as const) {
      // Every instance reports the shared queue's counts.
      for (const { label, scrape: now } of after[service].instances) {
        const states = now.of('bullmq_jobs', { service, queue }).map((s) => s.labels.state);
        expect({ label, queue, states: states.sort() }).toEqual({ label, queue, states: ['active', 'delayed', 'failed', 'waiting'] });
      }
    }
    const processed = { queue: 'library-resource-processing', outcome: 'completed' };
    expect(after.library.sum('bullmq_job_duration_seconds_count', processed)).toBeGreaterThan(
      before.library.sum('bullmq_job_duration_seconds_count', processed),
    );
  });

  it('serves no metrics through the public API', async () => {
    for (const path of ['/api/metrics', '/metrics', '/api/metrics/']) {
      const res = await call<string>('GET', path);

      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(JSON.stringify(res.body ?? '')).not.toContain('http_requests_total');
    }
  });
});
