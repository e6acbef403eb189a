import { connectTestDatabase, dropTestDatabase, testBrokers, uniqueName } from '@abide/messaging/src/testing/test-engines';
import { Kafka, logLevel } from 'kafkajs';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The production image runs exactly this: tools/build/build-services.mjs's output under plain `node` (no register
// hook), with only the root node_modules beside it (deploy/Dockerfile). A TypeScript file reached at run time would be
// a syntax error here, so a ready service proves every module it loads was compiled.
const root = path.resolve(__dirname, '../..');
const slot = Number.parseInt(process.env.ABIDE_TEST_SLOT ?? '0', 10) || 0;
const offset = Number.parseInt(process.env.ABIDE_PORT_OFFSET ?? '0', 10) || 0;
const out = path.join('dist', `compiled-slot${slot}`);
// Clear of every stack's service and metrics ports (tools/stack/services.mjs: 4000s–4900s, 5173).
const port = 5200 + offset + slot * 10;
const prefix = `${uniqueName('compiled')}.`;
const database = prefix.replace(/\W/g, '_');
// The master key for private text at rest, made by the service on its first start (as in development) and removed after.
const masterKeyFile = path.join(tmpdir(), `${database}.key`);

const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env }, timeout: 200_000 });

const waitForReady = async (url: string, child: ChildProcess, log: () => string): Promise<{ status: number; body: unknown }> => {
  const deadline = Date.now() + 60_000;
  let last: { status: number; body: unknown } = { status: 0, body: null };
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the compiled service exited (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(url);
      last = { status: res.status, body: await res.json() };
      if (res.ok) return last;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return last;
};

describe('the compiled services (production build)', () => {
  let service: ChildProcess | undefined;
  let output = '';

  beforeAll(() => {
    const build = run(['tools/build/build-services.mjs', '--out', out]);
    expect({ status: build.status, stderr: build.stderr }).toEqual({ status: 0, stderr: '' });
  }, 120_000);

  afterAll(async () => {
    service?.kill('SIGTERM');
    rmSync(masterKeyFile, { force: true });
    // The topics this run created (the prefix is its own), so repeated runs leave the broker as they found it.
    const admin = new Kafka({ clientId: uniqueName('cleanup'), brokers: testBrokers(), logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    const mine = (await admin.listTopics()).filter((t) => t.startsWith(prefix));
    if (mine.length > 0) await admin.deleteTopics({ topics: mine });
    await admin.disconnect();
    await dropTestDatabase(await connectTestDatabase(database));
  });

  it('has a plain JavaScript entry point for every service and for the topic step', () => {
    for (const app of ['gateway', 'identity', 'formation', 'library', 'community']) {
      expect(existsSync(path.join(root, out, 'apps', app, 'main.js'))).toBe(true);
    }
    const topics = path.join(root, out, 'node_modules/@abide/messaging/src/topics/provision-topics.main.js');
    expect(readFileSync(topics, 'utf8')).not.toContain('import ');
  });

  it('creates the topics and starts a service that reports ready against the real engines', async () => {
    const engines = { KAFKA_BROKERS: testBrokers().join(','), KAFKA_TOPIC_PREFIX: prefix };
    const topics = run([path.join(out, 'node_modules/@abide/messaging/src/topics/provision-topics.main.js')], engines);
    expect({ status: topics.status, stderr: topics.stderr }).toEqual({ status: 0, stderr: '' });

    service = spawn(process.execPath, [path.join(out, 'apps/community/main.js')], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        ...engines,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        AUTH_JWKS_URL: 'http://127.0.0.1:1/.well-known/jwks.json',
        MONGO_URL: process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017',
        MONGO_DB: database,
        KAFKA_CLIENT_ID: prefix,
        KAFKA_GROUP_PREFIX: prefix,
        // The local broker takes clients without SASL, which production accepts only when told so.
        KAFKA_ALLOW_PLAINTEXT: 'true',
        MASTER_KEY_FILE: masterKeyFile,
        MASTER_KEY_CREATE: 'true',
        // Idempotency keys (every service with a database); a namespace of its own in the shared Redis.
        REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        REDIS_KEY_PREFIX: database,
      },
    });
    service.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    service.stderr?.on('data', (d: Buffer) => (output += d.toString()));

    const ready = await waitForReady(`http://127.0.0.1:${port}/health/ready`, service, () => output);

    expect(ready).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect((await fetch(`http://127.0.0.1:${port}/health/live`)).status).toBe(200);
  }, 90_000);
});
