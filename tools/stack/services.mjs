// The five NestJS services and how to run them: one place for their ports and environment,
// used by `npm start` (dev) and by the end-to-end test setup (test ports, isolated databases).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_REPLICAS, instanceLabel, replicaPort, replicated } from '../infra/lib/replica-ports.mjs';
import { registerSmsAccount, smsAccountOf } from './sms-account.mjs';
import { cacheDir } from '../infra/engines.mjs';
import { supervise } from './supervisor.mjs';
import { provisionTopics } from './topics.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * ABIDE_TEST_SLOT=N (default 0) moves a test stack to its own ports, databases, consumer groups and Redis keys,
 * so two test runs (e.g. two clones) can share the engines without touching each other.
 */
const testSlot = Number.parseInt(process.env.ABIDE_TEST_SLOT ?? '0', 10) || 0;
/** ABIDE_PORT_OFFSET=N (default 0) shifts every port, dev and test, along with the engines' (tools/infra). */
const portOffset = Number.parseInt(process.env.ABIDE_PORT_OFFSET ?? '0', 10) || 0;
const devPort = (port) => port + portOffset;
const testPort = (port) => port + portOffset + testSlot * 10;

export const ports = {
  dev: {
    gateway: devPort(3000),
    identity: devPort(3001),
    formation: devPort(3002),
    library: devPort(3003),
    community: devPort(3004),
    web: devPort(5173),
  },
  test: {
    gateway: testPort(4000),
    identity: testPort(4001),
    formation: testPort(4002),
    library: testPort(4003),
    community: testPort(4004),
    web: testPort(4173),
  },
  // The fault tests' private stacks (apps/faults-e2e), one at a time per test slot, beside a test run's stack.
  faults: {
    gateway: testPort(4500),
    identity: testPort(4501),
    formation: testPort(4502),
    library: testPort(4503),
    community: testPort(4504),
    // No web app runs here; e-mail links still need an address.
    web: testPort(4505),
  },
  // The load suite's stack (tools/bench): production build of the web app for Lighthouse, kept with --keep.
  bench: {
    gateway: testPort(4700),
    identity: testPort(4701),
    formation: testPort(4702),
    library: testPort(4703),
    community: testPort(4704),
    web: testPort(4705),
  },
  // The load suite's smoke (`npm run bench -- --smoke`, run by `npm test`): tiny data, never the bench stack's.
  'bench-smoke': {
    gateway: testPort(4800),
    identity: testPort(4801),
    formation: testPort(4802),
    library: testPort(4803),
    community: testPort(4804),
    web: testPort(4805),
  },
};

/**
 * Each service's Prometheus listener (`GET /metrics`, env METRICS_PORT), beside `ports`: never the public API's port,
 * so the gateway never routes to it. Dev's are the ones Prometheus scrapes (docs/architecture.md "Metrics").
 */
const serviceOrder = ['gateway', 'identity', 'formation', 'library', 'community'];
const metricsBlock = (first, at) => Object.fromEntries(serviceOrder.map((name, i) => [name, at(first + i)]));
export const metricsPorts = {
  dev: metricsBlock(9464, devPort),
  test: metricsBlock(4900, testPort),
  faults: metricsBlock(4600, testPort),
  bench: metricsBlock(4400, testPort),
  'bench-smoke': metricsBlock(4300, testPort),
};

/** How many instances of each service a stack runs (ABIDE_REPLICAS, default 1); the port rule is tools/infra/lib/replica-ports.mjs's. */
export { MAX_REPLICAS, instanceLabel, replicaPort, replicated };
export const replicaCount = (value = process.env.ABIDE_REPLICAS) => {
  if (value === undefined || value === '') return 1;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_REPLICAS)
    throw new Error(`replicas must be a whole number from 1 to ${MAX_REPLICAS}, not "${value}"`);
  return n;
};

/**
 * Every process a profile's stack runs with `replicas`: { name, instance (1-based), label, port, metricsPort }.
 * @param {string} profile @param {number} [replicas]
 */
export const stackInstances = (profile, replicas = 1) =>
  serviceNames.flatMap((name) =>
    Array.from({ length: replicated(name) ? replicas : 1 }, (_, i) => ({
      name,
      instance: i + 1,
      label: instanceLabel(name, i + 1),
      port: replicaPort(ports[profile][name], i + 1),
      metricsPort: replicaPort(metricsPorts[profile][name], i + 1),
    })),
  );

/** Prefix of a profile's database names, consumer groups, topics and Redis keys. */
export const namespaceOf = (profile) => {
  if (profile === 'dev') return 'abide';
  const base = { faults: 'abide_faults', bench: 'abide_bench', 'bench-smoke': 'abide_bench_smoke' }[profile] ?? 'abide_test';
  return testSlot ? `${base}${testSlot}` : base;
};

export const serviceNames = ['identity', 'formation', 'library', 'community', 'gateway'];

/** Failed sign-ins per client network per 15 minutes on the e2e stack (the gateway's default is 300). */
export const TEST_SIGN_IN_FAILURES_PER_NETWORK = 40;

/**
 * Environment of one service. The namespace keeps a test run's databases, topics and consumer groups apart from dev's;
 * `namespace` overrides it (each fault test runs against topics and databases no one used before).
 * @param {string} name @param {'dev'|'test'|'faults'|'bench'|'bench-smoke'} profile @param {Record<string,string>} engineEnv
 * @param {{ namespace?: string }} [options]
 */
export const serviceEnv = (name, profile, engineEnv, { namespace, replicas = 1, instance = 1 } = {}) => {
  const p = ports[profile];
  const ns = namespace ?? namespaceOf(profile);
  // A service asks another (identity's JWKS, "download my data") at the instance of the same number, so the calls
  // spread over the replicas; the gateway alone is given every instance (IDENTITY_URL etc., comma-separated).
  const url = (svc) => `http://127.0.0.1:${replicaPort(p[svc], replicated(svc) ? ((instance - 1) % replicas) + 1 : 1)}`;
  const urls = (svc) => Array.from({ length: replicas }, (_, i) => `http://127.0.0.1:${replicaPort(p[svc], i + 1)}`).join(',');
  const sms = smsAccountOf(ns);
  const common = {
    // Never production, the load suite's stack included: these stacks use the local engines' published credentials and
    // the development secrets, which a production service refuses (libs/platform/src/config/production-checks.ts).
    NODE_ENV: profile === 'dev' ? 'development' : 'test',
    HOST: '127.0.0.1',
    PORT: String(replicaPort(p[name], instance)),
    METRICS_PORT: String(replicaPort(metricsPorts[profile][name], instance)),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    AUTH_JWKS_URL: `${url('identity')}/.well-known/jwks.json`,
  };
  const data = {
    MONGO_URL: engineEnv.MONGO_URL,
    MONGO_DB: `${ns}_${name}`,
    KAFKA_BROKERS: engineEnv.KAFKA_BROKERS,
    KAFKA_CLIENT_ID: `${ns}-${name}`,
    KAFKA_GROUP_PREFIX: profile === 'dev' ? '' : `${ns}-`,
    KAFKA_TOPIC_PREFIX: profile === 'dev' ? '' : `${ns}.`,
    // Idempotency keys (every service with data), and jobs, counters and limits where a service has them.
    REDIS_URL: engineEnv.REDIS_URL,
    REDIS_KEY_PREFIX: ns,
  };
  // The master key that wraps members' data keys (private text at rest): one per service and namespace, in the
  // cache folder outside the checkout, made on first start (production provisions it; docs/architecture.md). The data
  // keys live in a key store of their own, a database apart from the service's data.
  const masterKey = {
    MASTER_KEY_FILE: path.join(cacheDir(), 'keys', `${ns}-${name}.key`),
    MASTER_KEY_CREATE: 'true',
    KEY_STORE_DB: `${ns}_${name}_keys`,
  };
  switch (name) {
    case 'gateway':
      return {
        ...common,
        REDIS_URL: engineEnv.REDIS_URL,
        REDIS_KEY_PREFIX: ns,
        // Live updates: the services' live signals (docs/architecture.md "Live updates").
        KAFKA_BROKERS: data.KAFKA_BROKERS,
        KAFKA_CLIENT_ID: data.KAFKA_CLIENT_ID,
        KAFKA_GROUP_PREFIX: data.KAFKA_GROUP_PREFIX,
        KAFKA_TOPIC_PREFIX: data.KAFKA_TOPIC_PREFIX,
        // The load suite opens thousands of streams with one member's token, from one address (tools/bench/push.mjs).
        ...(profile.startsWith('bench') ? { LIVE_STREAMS_PER_MEMBER: '100000', LIVE_STREAMS_PER_ADDRESS: '1000000' } : {}),
        // Test stacks share two cores with Chromium and other stacks: a burst of serialised writes to one document may
        // take longer than production's 10 s there, and a 504 would then say more about the machine than the code.
        ...(profile === 'dev' || profile.startsWith('bench') ? {} : { UPSTREAM_TIMEOUT_MS: '30000' }),
        // The e2e stack's ceiling of failed sign-ins per network is lower than production's 300, so the spec that proves
        // successful sign-ins are never counted needs a congregation of 30 rather than 300 (apps/gateway/test/auth-rate-limits).
        ...(profile === 'test' ? { SIGN_IN_FAILURES_PER_NETWORK_MAX: String(TEST_SIGN_IN_FAILURES_PER_NETWORK) } : {}),
        // The read-model proof deals writes round robin, the worst spread (libs/testing/src/quiet-stack.global-setup.mjs).
        ...(process.env.ABIDE_WRITE_AFFINITY ? { WRITE_AFFINITY: process.env.ABIDE_WRITE_AFFINITY } : {}),
        IDENTITY_URL: urls('identity'),
        FORMATION_URL: urls('formation'),
        LIBRARY_URL: urls('library'),
        // The operations page's charts (identity's /api/ops/prometheus/…).
        PROMETHEUS_URL: engineEnv.PROMETHEUS_URL,
        COMMUNITY_URL: urls('community'),
        CORS_ORIGINS: `http://127.0.0.1:${p.web},http://localhost:${p.web}`,
      };
    case 'identity':
      return {
        ...common,
        ...data,
        SMTP_HOST: engineEnv.SMTP_HOST,
        SMTP_PORT: engineEnv.SMTP_PORT,
        // E-mail links open the web app of the same profile (Vite dev server, or `vite preview` in tests).
        WEB_BASE_URL: `http://127.0.0.1:${p.web}`,
        // Church invitations are texted through the stack's account at the SMS provider fake; replies (STOP, START)
        // come back from it, signed with its token.
        SMS_API_URL: engineEnv.SMS_API_URL,
        SMS_ACCOUNT_SID: sms.sid,
        SMS_AUTH_TOKEN: sms.authToken,
        SMS_FROM: sms.from,
        SMS_WEBHOOK_URL: smsWebhookUrl(profile),
        // "Download my data" gathers the other services' parts.
        FORMATION_URL: url('formation'),
        LIBRARY_URL: url('library'),
        COMMUNITY_URL: url('community'),
      };
    case 'formation':
      return {
        ...common,
        ...data,
        ...masterKey,
        SMTP_HOST: engineEnv.SMTP_HOST,
        SMTP_PORT: engineEnv.SMTP_PORT,
        WEB_BASE_URL: `http://127.0.0.1:${p.web}`,
        PUBLIC_API_URL: `${url('gateway')}/api`,
        // Reminder texts go to the local SMS provider fake, each stack with its own account (sms-account.mjs).
        SMS_API_URL: engineEnv.SMS_API_URL,
        SMS_ACCOUNT_SID: sms.sid,
        SMS_AUTH_TOKEN: sms.authToken,
        SMS_FROM: sms.from,
      };
    case 'library':
      return {
        ...common,
        ...data,
        S3_ENDPOINT: engineEnv.S3_ENDPOINT,
        S3_PORT: engineEnv.S3_PORT,
        S3_USE_SSL: engineEnv.S3_USE_SSL,
        S3_ACCESS_KEY: engineEnv.S3_ACCESS_KEY,
        S3_SECRET_KEY: engineEnv.S3_SECRET_KEY,
        // Buckets per profile and slot (bucket names allow no underscore), so test runs never see dev's files.
        S3_BUCKET_QUARANTINE: `${ns.replace(/_/g, '-')}-quarantine`,
        S3_BUCKET_STORE: `${ns.replace(/_/g, '-')}-library`,
        // Browsers fetch pre-signed downloads from the object store directly; locally that is the same endpoint.
        S3_PUBLIC_URL: `${engineEnv.S3_USE_SSL === 'true' ? 'https' : 'http'}://${engineEnv.S3_ENDPOINT}:${engineEnv.S3_PORT}`,
        LIBRARY_REPORT_THRESHOLD: process.env.LIBRARY_REPORT_THRESHOLD ?? '3',
        DOWNLOAD_URL_TTL_SECONDS: '300',
      };
    case 'community':
      // The free plan's group entitlement (spec: one group); raise it per deployment.
      return { ...common, ...data, ...masterKey, GROUP_OWNERSHIP_LIMIT: process.env.GROUP_OWNERSHIP_LIMIT ?? '1' };
    default:
      return { ...common, ...data };
  }
};

/** Where the SMS provider posts a profile's replies: its gateway's public route. */
const smsWebhookUrl = (profile) => `http://127.0.0.1:${ports[profile].gateway}/api/sms/inbound`;

/** Gives a profile's stack its account at the local SMS provider fake (its texts, its webhook); before the services start. */
export const registerStackSmsAccount = (profile, engineEnv) =>
  registerSmsAccount(engineEnv.SMS_API_URL, smsAccountOf(namespaceOf(profile)), {
    smsUrl: smsWebhookUrl(profile),
    label: namespaceOf(profile),
  });

const wait = (ms) => new Promise((r) => setTimeout(r, ms));

export const waitForHttp = async (url, { timeoutMs = 60_000, label = url, child } = {}) => {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child && child.exitCode !== null) throw new Error(`${label} exited with code ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await wait(250);
  }
  throw new Error(`${label} was not ready at ${url} within ${timeoutMs / 1000}s`);
};

const portFree = (port) =>
  new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/**
 * Fails when a port a stack is about to use is taken. A service left running by an earlier run would otherwise answer
 * the new stack's readiness checks (and its requests) while the new service fails to listen. `named`: [{ name, port }].
 */
export const assertPortsFree = async (named) => {
  const taken = [];
  for (const { name, port } of named) if (!(await portFree(Number(port)))) taken.push(`${port} (${name})`);
  if (taken.length > 0) {
    throw new Error(
      `port(s) already in use: ${taken.join(', ')}. A service from an earlier run is probably still running: ` +
        'find it with `ss -ltnp` (or `lsof -i :<port>`), stop it, and try again.',
    );
  }
};

/**
 * Starts every service as a child process (TypeScript run through @swc-node/register), `replicas` of each but the
 * gateway (stackInstances), logs to files, and resolves once each answers /health/ready. `restart` (npm start): a
 * process that exits is started again with a growing delay (supervisor.mjs); test stacks leave it down and say so.
 * Returns a stop function, the processes running now (`children`), and each process's `pid` and exit count by its label
 * (`processes()`: `formation`, `formation-2`, …), for a test's crash canary.
 */
export const startServices = async ({ profile, engineEnv, logDir, onProgress = () => {}, restart = false, replicas = replicaCount() }) => {
  const instances = stackInstances(profile, replicas);
  await assertPortsFree(
    instances.flatMap(({ label, port, metricsPort }) => [
      { name: label, port },
      { name: `${label} metrics`, port: metricsPort },
    ]),
  );
  mkdirSync(logDir, { recursive: true });
  await registerStackSmsAccount(profile, engineEnv);
  const supervised = [];
  const stop = () => Promise.all(supervised.map((service) => service.stop())).then(() => undefined);
  // Topics are created once, by this step, while the services start: their consumers wait for the topics
  // (and for Kafka itself), so the order in which things come up no longer matters.
  const topics = provisionTopics({
    brokers: engineEnv.KAFKA_BROKERS,
    prefix: serviceEnv('formation', profile, engineEnv).KAFKA_TOPIC_PREFIX,
    logFile: path.join(logDir, 'kafka-topics.log'),
    onProgress,
  });
  try {
    for (const { name, instance, label } of instances) {
      const env = { ...process.env, ...serviceEnv(name, profile, engineEnv, { replicas, instance }) };
      const logFile = path.join(logDir, `${label}.log`);
      const out = createWriteStream(logFile, { flags: 'a' });
      const launch = () => {
        const child = spawn(process.execPath, ['-r', '@swc-node/register', `apps/${name}/src/main.ts`], {
          cwd: repoRoot,
          env: { ...env, SWC_NODE_PROJECT: path.join(repoRoot, 'tsconfig.json') },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        // The log file outlives each process: a restart appends to it.
        child.stdout.pipe(out, { end: false });
        child.stderr.pipe(out, { end: false });
        return child;
      };
      supervised.push(supervise({ name: label, launch, restart, onProgress }));
      onProgress(`${label}: starting on port ${env.PORT} (log: ${logFile})`);
    }
    // A service that exits fails the wait at once; one that is merely slow (SWC compiling on a busy 2-core machine,
    // a broker still electing leaders) gets three minutes, and a minute more for each further instance of every
    // service starting beside it (3 replicas: 13 processes booting on the same cores).
    await Promise.all([
      topics.ready,
      ...instances.map(({ label, port }, i) =>
        waitForHttp(`http://127.0.0.1:${port}/health/ready`, { label, child: supervised[i].child, timeoutMs: 120_000 + 60_000 * replicas }).then(() =>
          onProgress(`${label}: ready`),
        ),
      ),
    ]);
  } catch (error) {
    topics.cancel();
    topics.ready.catch(() => undefined);
    await stop();
    throw error;
  }
  return {
    stop,
    replicas,
    instances,
    get children() {
      return supervised.map((service) => service.child);
    },
    processes: () => Object.fromEntries(supervised.map((service) => [service.name, { pid: service.child.pid, exits: service.exits }])),
  };
};
