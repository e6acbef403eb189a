// The bench's stack: the five services on the bench profile's ports (tools/stack/services.mjs), started detached
// with their logs in files so `--keep` can leave them running for the next run, which finds and reuses them.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { Redis } from 'ioredis';
import { AssignerProtocol, Kafka, logLevel } from 'kafkajs';
import { cmdlineOf, pidAlive, portOwner, readJson, sleep, writeJson } from '../infra/lib/util.mjs';
import {
  namespaceOf,
  ports,
  registerStackSmsAccount,
  replicaPort,
  repoRoot,
  serviceEnv,
  serviceNames,
  stackInstances,
  waitForHttp,
} from '../stack/services.mjs';
import { moveGroupsToEnd, withKafkaRetries } from '../stack/consumer-groups.mjs';
import { provisionTopics } from '../stack/topics.mjs';

const slot = () => Number.parseInt(process.env.ABIDE_TEST_SLOT ?? '0', 10) || 0;
const stateFile = (profile) => path.join(repoRoot, 'tmp', 'bench', `stack-${profile}-slot${slot()}.json`);

const gatewayReady = async (profile) => {
  try {
    const res = await fetch(`http://127.0.0.1:${ports[profile].gateway}/health/ready`, { signal: AbortSignal.timeout(3000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
};

/**
 * The pids of a running bench stack we started (state file), when every one is still the service it was and it runs
 * `replicas` instances of each (pids are by instance label: `formation`, `formation-2`, …).
 */
const runningStack = async (profile, replicas) => {
  const state = await readJson(stateFile(profile));
  if (!state || state.namespace !== namespaceOf(profile) || (state.replicas ?? 1) !== replicas) return null;
  const alive = Object.entries(state.pids).every(
    ([label, pid]) => pidAlive(pid) && cmdlineOf(pid).includes(`apps/${label.replace(/-\d+$/, '')}/src/main.ts`),
  );
  return alive ? state : null;
};

const stopPids = async (pids) => {
  for (const pid of Object.values(pids)) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      /* gone */
    }
  }
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && Object.values(pids).some((pid) => pidAlive(pid))) await sleep(100);
  for (const pid of Object.values(pids)) {
    try {
      if (pidAlive(pid)) process.kill(pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
};

/** A service instance's inspector port when the stack runs for CPU profiles: its own port + 1000, on loopback. */
export const inspectPortOf = (profile, name, instance = 1) => replicaPort(ports[profile][name], instance) + 1000;

/**
 * Reuses the bench stack of this profile and slot when its gateway answers ready, else starts one. Returns
 * { reused, pids, stop(), apiUrl } where stop() stops what runs (a reused stack too: `--keep` leaves it running).
 * `inspect`: start the services with the inspector open on loopback (the caller stops a running stack first).
 */
export const ensureStack = async ({ profile, engineEnv, say, inspect = false, replicas = 1 }) => {
  const logDir = path.join(repoRoot, 'tmp', 'logs', namespaceOf(profile));
  const apiUrl = `http://127.0.0.1:${ports[profile].gateway}`;
  const stopper = (pids) => async () => {
    await stopPids(pids);
    fs.rmSync(stateFile(profile), { force: true });
  };
  const existing = await runningStack(profile, replicas);
  if (existing && (await gatewayReady(profile))) {
    say(`reusing the running bench stack (${namespaceOf(profile)}, gateway ${apiUrl})`);
    return { reused: true, pids: existing.pids, stop: stopper(existing.pids), apiUrl, logDir };
  }
  // A stack left with another replica count is stopped too: its processes would hold ports this one needs.
  await stopRunningStack(profile);
  const instances = stackInstances(profile, replicas);
  const taken = instances.map(({ label, port }) => [label, port, portOwner(port)]).filter(([, , owner]) => owner);
  if (taken.length) {
    const list = taken.map(([name, port, owner]) => `${name} port ${port}: pid ${owner.pid ?? '?'} (${owner.command ?? '?'})`).join('; ');
    throw new Error(`the bench ports are taken by processes this bench did not start: ${list}. Stop them, or use another ABIDE_TEST_SLOT.`);
  }
  fs.mkdirSync(logDir, { recursive: true });
  await registerStackSmsAccount(profile, engineEnv);
  say(
    `starting the services on the ${profile} ports${replicas > 1 ? `, ${replicas} instances of each behind the gateway` : ''} (logs: ${logDir})`,
  );
  const topics = provisionTopics({
    brokers: engineEnv.KAFKA_BROKERS,
    prefix: serviceEnv('formation', profile, engineEnv).KAFKA_TOPIC_PREFIX,
    logFile: path.join(logDir, 'kafka-topics.log'),
  });
  const pids = {};
  const children = {};
  for (const { name, instance, label } of instances) {
    const fd = fs.openSync(path.join(logDir, `${label}.log`), 'a');
    const inspector = inspect ? [`--inspect=127.0.0.1:${inspectPortOf(profile, name, instance)}`] : [];
    const child = spawn(process.execPath, [...inspector, '-r', '@swc-node/register', `apps/${name}/src/main.ts`], {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...serviceEnv(name, profile, engineEnv, { replicas, instance }),
        SWC_NODE_PROJECT: path.join(repoRoot, 'tsconfig.json'),
      },
      stdio: ['ignore', fd, fd],
      // Its own process group, so Ctrl-C of a `--keep` run does not take the stack with it.
      detached: true,
    });
    fs.closeSync(fd);
    child.unref();
    pids[label] = child.pid;
    children[label] = child;
  }
  await writeJson(stateFile(profile), { namespace: namespaceOf(profile), replicas, pids, startedAt: new Date().toISOString() });
  try {
    await Promise.all([
      topics.ready,
      ...instances.map(({ label, port }) =>
        waitForHttp(`http://127.0.0.1:${port}/health/ready`, {
          label,
          child: children[label],
          // Each process compiles its TypeScript at start: more of them on two cores take longer.
          timeoutMs: 120_000 * Math.max(1.5, replicas),
        }),
      ),
    ]);
  } catch (error) {
    topics.cancel();
    await stopper(pids)();
    throw new Error(`${error.message} (logs: ${logDir})`);
  }
  say('services ready');
  return { reused: false, pids, stop: stopper(pids), apiUrl, logDir };
};

/** Stops a running bench stack of this profile (before its data is dropped). */
export const stopRunningStack = async (profile) => {
  const state = await readJson(stateFile(profile));
  if (state?.pids) await stopPids(state.pids);
  fs.rmSync(stateFile(profile), { force: true });
};

/**
 * Empties the profile's namespace (services stopped first): its databases, Redis keys and object-store buckets' use,
 * and moves its consumer groups past what earlier runs published, so a fresh seed starts from nothing.
 */
export const dropNamespace = async ({ profile, engineEnv }) => {
  const ns = namespaceOf(profile);
  const connection = await mongoose.createConnection(engineEnv.MONGO_URL).asPromise();
  try {
    const { databases } = await connection.db.admin().listDatabases();
    for (const { name } of databases) if (name === ns || name.startsWith(`${ns}_`)) await connection.useDb(name).dropDatabase();
  } finally {
    await connection.close();
  }
  const redis = new Redis(engineEnv.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${ns}:*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  await moveGroupsToEnd({
    brokers: engineEnv.KAFKA_BROKERS.split(','),
    namespace: ns,
    services: serviceNames,
    clientId: `${ns}-bench-reset`,
  });
};

/** Consumer lag of the namespace's consumer groups on its topics (0 when every service has read everything). */
export const consumerLag = async ({ profile, engineEnv }) => {
  const ns = namespaceOf(profile);
  const kafka = new Kafka({ clientId: `${ns}-bench-lag`, brokers: engineEnv.KAFKA_BROKERS.split(','), logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const eventTopics = (await admin.listTopics()).filter((t) => t.startsWith(`${ns}.`) && !t.endsWith('.dlq'));
    const high = new Map();
    for (const topic of eventTopics) {
      for (const o of await withKafkaRetries(() => admin.fetchTopicOffsets(topic))) high.set(`${topic}:${o.partition}`, Number(o.high));
    }
    let lag = 0;
    let total = 0;
    for (const [, v] of high) total += v;
    const groups = (await admin.listGroups()).groups.map((g) => g.groupId).filter((g) => g.startsWith(`${ns}-`));
    // Only the topics a group's members are assigned count: a reseed moves every group on every topic, read or not.
    const { groups: described } = await withKafkaRetries(() => admin.describeGroups(groups));
    const reads = new Map(
      described.map((g) => [
        g.groupId,
        new Set(g.members.flatMap((m) => Object.keys(AssignerProtocol.MemberAssignment.decode(m.memberAssignment)?.assignment ?? {}))),
      ]),
    );
    for (const groupId of groups) {
      const committed = await withKafkaRetries(() => admin.fetchOffsets({ groupId, topics: eventTopics }));
      for (const { topic, partitions } of committed) {
        if (!reads.get(groupId)?.has(topic)) continue;
        for (const p of partitions) {
          const end = high.get(`${topic}:${p.partition}`) ?? 0;
          const at = Number(p.offset);
          // -1: nothing committed yet, so everything published is still to read.
          lag += Math.max(0, end - Math.max(at, 0));
        }
      }
    }
    return { lag, published: total };
  } finally {
    await admin.disconnect();
  }
};

/**
 * Waits until the namespace's events have all been published and consumed: no consumer lag, and nothing new
 * published for two polls in a row (the outboxes are drained). Returns the seconds waited.
 */
export const waitForQuiet = async ({ profile, engineEnv, say, timeoutMs = 600_000 }) => {
  const started = Date.now();
  let last = -1;
  let quietPolls = 0;
  let lastSaid = 0;
  while (Date.now() - started < timeoutMs) {
    const { lag, published } = await consumerLag({ profile, engineEnv });
    quietPolls = lag === 0 && published === last ? quietPolls + 1 : 0;
    if (quietPolls >= 2) return (Date.now() - started) / 1000;
    if (Date.now() - lastSaid > 15_000) {
      say(`waiting for the events to settle: ${lag} not yet consumed, ${published} published`);
      lastSaid = Date.now();
    }
    last = published;
    await sleep(1000);
  }
  throw new Error(`the events did not settle within ${timeoutMs / 1000} s`);
};
