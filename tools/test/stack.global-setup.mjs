// End-to-end tests: real engines, the five services on the test ports, and the built web app behind `vite preview`.
import path from 'node:path';
import { Redis } from 'ioredis';
import mongoose from 'mongoose';
import { defaultInstance, engineEnv, up } from '../infra/engines.mjs';
import { metricsPorts, namespaceOf, ports, replicaCount, repoRoot, serviceNames, startServices } from '../stack/services.mjs';
import { smsAccountOf } from '../stack/sms-account.mjs';
import { buildWebInBackground, startWeb } from '../stack/web.mjs';
import { moveGroupsToEnd } from '../stack/consumer-groups.mjs';

// Each line says how far into the setup it came, so a slow phase shows (the suite's time is watched: README "Tests").
const setupStarted = Date.now();
const log = (line) => process.stderr.write(`[e2e stack ${Math.round((Date.now() - setupStarted) / 1000)}s] ${line}\n`);

/** Each run starts from empty test databases, so no test depends on what an earlier run left. */
const dropTestDatabases = async () => {
  const connection = await mongoose.createConnection(engineEnv.MONGO_URL).asPromise();
  try {
    // Formation's journal has a database of its own beside the service's, and private text's data keys have a key store
    // of their own beside each service that seals (formation, community).
    for (const name of [...serviceNames, 'formation_journal', 'formation_keys', 'community_keys'])
      await connection.useDb(`${namespaceOf('test')}_${name}`).dropDatabase();
  } finally {
    await connection.close();
  }
};

/** Rate-limit windows and sign-in back-off of earlier test runs must not throttle this one. */
const clearTestCounters = async () => {
  const redis = new Redis(engineEnv.REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${namespaceOf('test')}:*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
};

/**
 * The test databases start empty, so the test consumer groups must not replay what earlier test runs published on
 * the test topics: move each group to the end of every topic before the services join.
 */
const skipPublishedHistory = () =>
  moveGroupsToEnd({
    brokers: engineEnv.KAFKA_BROKERS.split(','),
    namespace: namespaceOf('test'),
    services: serviceNames,
    clientId: 'abide-test-setup',
  });

export default async function stackGlobalSetup() {
  // One log folder per test slot, so parallel runs never interleave their service logs.
  const logDir = path.join(repoRoot, 'tmp', 'logs', namespaceOf('test'));
  // E2E_SKIP_WEB=1: API tests only (no web build, no preview), e.g. while the web app is mid-change.
  const skipWeb = process.env.E2E_SKIP_WEB === '1';
  // The web app builds while the engines are checked and the services start: the two overlap their waits (the
  // services' on Kafka and the database, the build's on the disk) instead of adding up.
  if (!skipWeb) log('building the web app (beside the services starting)');
  const built = skipWeb ? Promise.resolve() : buildWebInBackground();
  // Awaited below either way; a failure before then must not be an unhandled rejection.
  built.catch(() => undefined);
  await up({ quiet: true });
  Object.assign(process.env, engineEnv);
  log('engines up; emptying the test databases and counters, moving the consumer groups past earlier runs');
  await dropTestDatabases();
  await clearTestCounters();
  await skipPublishedHistory();
  // The canary reads the service logs (appended to across runs) from here on (libs/testing/src/stack-processes.ts).
  process.env.E2E_STACK_STARTED_AT = String(Date.now());
  // ABIDE_REPLICAS=N: N instances of every service behind the gateway (tools/stack/services.mjs); the crash canary
  // below watches each of them (E2E_SERVICE_PIDS by instance: formation, formation-2, …).
  const replicas = replicaCount();
  log(`starting services on the test ports${replicas > 1 ? `, ${replicas} instances of each` : ''}`);
  const services = await startServices({ profile: 'test', engineEnv, logDir, onProgress: log, replicas });
  let web = { url: `http://127.0.0.1:${ports.test.web}`, stop: async () => {} };
  try {
    await built;
    if (!skipWeb)
      web = await startWeb({ mode: 'preview', port: ports.test.web, gatewayUrl: `http://127.0.0.1:${ports.test.gateway}`, logDir });
  } catch (error) {
    await services.stop();
    throw error;
  }
  process.env.E2E_BASE_URL = web.url;
  process.env.E2E_API_URL = `http://127.0.0.1:${ports.test.gateway}`;
  process.env.E2E_IDENTITY_URL = `http://127.0.0.1:${ports.test.identity}`;
  process.env.E2E_SMTP_WEB_URL = engineEnv.SMTP_WEB_URL;
  // The stack's account at the SMS provider fake: its inbox, and the token replies are signed with.
  process.env.E2E_SMS_API_URL = engineEnv.SMS_API_URL;
  process.env.E2E_SMS_ACCOUNT_SID = smsAccountOf(namespaceOf('test')).sid;
  process.env.E2E_SMS_AUTH_TOKEN = smsAccountOf(namespaceOf('test')).authToken;
  process.env.E2E_LOG_DIR = logDir;
  process.env.E2E_NAMESPACE = namespaceOf('test');
  process.env.E2E_REDIS_URL = engineEnv.REDIS_URL;
  // Where the engines keep their data, for tests of what reaches the disk (libs/testing/src/on-disk.ts).
  process.env.ABIDE_ENGINES_RUN_ROOT = defaultInstance.runRoot;
  // Each service's (first instance's) Prometheus listener, by name (JSON): metrics are never served through the gateway.
  process.env.E2E_METRICS_URLS = JSON.stringify(
    Object.fromEntries(serviceNames.map((name) => [name, `http://127.0.0.1:${metricsPorts.test[name]}/metrics`])),
  );
  // And every process's, replicas included (libs/testing/src/stack-metrics.ts): [{ service, label, url }].
  process.env.E2E_METRICS_INSTANCES = JSON.stringify(
    services.instances.map(({ name, label, metricsPort }) => ({ service: name, label, url: `http://127.0.0.1:${metricsPort}/metrics` })),
  );
  // The crash canary's baseline (libs/testing/src/stack-processes.ts): a service whose pid stops answering exited.
  process.env.E2E_SERVICE_PIDS = JSON.stringify(Object.fromEntries(Object.entries(services.processes()).map(([name, p]) => [name, p.pid])));
  globalThis.__abideStack = { services, web };
  log(`ready: web ${skipWeb ? '(skipped)' : web.url}, api ${process.env.E2E_API_URL} (logs in ${logDir})`);
}
