#!/usr/bin/env node
// HTTP overhead of the platform (issue #12): how far a trivial route of ours is from what Node and Fastify can do
// on this machine, measured in one run against a ceiling measured in the same run.
//
//   node tools/bench/http-overhead.mjs [--rounds 3] [--duration 10] [--connections 50]
//                                      [--no-stack | --attach] [--only name,name] [--profile name]
//
// Targets (each its own process, loaded one at a time by autocannon running in this process):
//   bare-node        node:http answering {"status":"ok"} (the ceiling; every ratio is against it, same round)
//   bare-fastify     Fastify alone, same body
//   gateway-live     the gateway's GET /health/live (no downstream)            } the real services on test slot 7
//   service-live     formation's GET /health/live, direct                       } (tools/stack/services.mjs)
//   svc-auth         a throwaway service built on @abide/platform (bootstrapService + ServiceCoreModule: logs, auth
//                    guard, problem+json, validation) answering GET /habits/rest-days with a fixed body, direct
//   bare-forward     the least a forwarder does: node:http in, an undici pool to bare-node out (two processes, like
//                    gw-forward's two: the ceiling of a forwarded request)
//   gw-forward       GET /api/habits/rest-days through a gateway (the real apps/gateway code) to that service, with a
//                    bearer token: gateway token check, forward over undici, the service's own token check and log
// The throwaway service, its gateway and the ceilings listen on the five ports after the slot's services (4075–4079)
// with a JWKS served from here (tokens signed here), so the forwarded path measures the platform and not the
// database. Only Redis is used (the gateway connects to it).
//
// --no-stack skips the real services (gateway-live and service-live are then measured on the throwaway gateway and
// service, which run the same platform code); --attach uses a slot-7 stack that is already running.
// --profile gw-forward (any target name among the Nest ones) records a CPU profile of that target's process(es)
// during its measured window in the last round and prints where the time went (self time by package and function);
// the .cpuprofile files are kept in tmp/bench/ for Chrome DevTools.
// Logs of the throwaway processes: tmp/logs/bench/. Prints a table per round and a summary (median, range).
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

process.env.ABIDE_TEST_SLOT ??= '7';
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '3' },
    'no-stack': { type: 'boolean', default: false },
    attach: { type: 'boolean', default: false },
    only: { type: 'string' },
    profile: { type: 'string' },
  },
});
const rounds = Number(args.rounds);
const duration = Number(args.duration);
const connections = Number(args.connections);
const warmup = Number(args.warmup);

const BODY = '{"status":"ok"}';
// The five ports after the test slot's services (4075–4079 on slot 7); the JWKS listens on any free port.
const slotBase = 4000 + (Number.parseInt(process.env.ABIDE_PORT_OFFSET ?? '0', 10) || 0) + Number(process.env.ABIDE_TEST_SLOT) * 10;
const BENCH_PORTS = {
  gateway: slotBase + 5,
  service: slotBase + 6,
  bareForward: slotBase + 7,
  bareNode: slotBase + 8,
  bareFastify: slotBase + 9,
};
const ISSUER = 'abide-identity';
const AUDIENCE = 'abide';
const logDir = path.join(repoRoot, 'tmp', 'logs', 'bench');
const profDir = path.join(repoRoot, 'tmp', 'bench');
mkdirSync(logDir, { recursive: true });
mkdirSync(profDir, { recursive: true });

const log = (line) => process.stderr.write(`[bench] ${line}\n`);
const wait = (ms) => new Promise((r) => setTimeout(r, ms));
const children = [];

// A CPU profile on demand: the first SIGWINCH starts the profiler, the second writes the profile (no exit needed,
// Nest's shutdown hooks end the process by signal, which --cpu-prof would not survive).
// Written to tmp/bench/ and loaded with -r (an --import would load the services' .ts entry as ES modules).
const profilerPreload = path.join(profDir, 'profiler-preload.cjs');
writeFileSync(
  profilerPreload,
  `
const { Session } = require('node:inspector');
const { writeFileSync } = require('node:fs');
const session = new Session();
session.connect();
let running = false;
process.on('SIGWINCH', () => {
  if (!running) { running = true; session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: 200 }, () => session.post('Profiler.start'))); return; }
  running = false;
  session.post('Profiler.stop', (err, result) => {
    if (!err) writeFileSync(process.env.BENCH_PROFILE_FILE, JSON.stringify(result.profile));
  });
});
`,
);

/** Starts a Node process with its output in tmp/logs/bench/<name>.log (a file descriptor: no pipe through here). */
const startProcess = (name, argv, env = {}) => {
  const out = openSync(path.join(logDir, `${name}.log`), 'w');
  const child = spawn(process.execPath, ['-r', profilerPreload, ...argv], {
    cwd: repoRoot,
    env: {
      ...process.env,
      SWC_NODE_PROJECT: path.join(repoRoot, 'tsconfig.json'),
      BENCH_PROFILE_FILE: path.join(profDir, `${name}.cpuprofile`),
      ...env,
    },
    stdio: ['ignore', out, out],
  });
  child.benchName = name;
  children.push(child);
  return child;
};

const waitFor = async (url, child, timeoutMs = 90_000) => {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child && child.exitCode !== null) throw new Error(`${child.benchName} exited (${child.exitCode}); see ${logDir}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await wait(200);
  }
  throw new Error(`${url} not ready within ${timeoutMs / 1000}s`);
};

// ── the ceilings ───────────────────────────────────────────────────────────────────────────────────────────────
const bareNodeSource = `
const { createServer } = require('node:http');
const body = ${JSON.stringify(BODY)};
createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(${BENCH_PORTS.bareNode}, '127.0.0.1');
`;
// The least a forwarder can do: node:http in, an undici pool to the bare server out, the body passed back whole.
const bareForwardSource = `
const { createServer } = require('node:http');
const { Pool } = require('undici');
const pool = new Pool('http://127.0.0.1:${BENCH_PORTS.bareNode}', { connections: 128, pipelining: 1 });
createServer(async (req, res) => {
  const upstream = await pool.request({ method: 'GET', path: '/', headers: { authorization: req.headers.authorization ?? '' } });
  const body = Buffer.from(await upstream.body.arrayBuffer());
  res.writeHead(upstream.statusCode, { 'content-type': upstream.headers['content-type'], 'content-length': body.length });
  res.end(body);
}).listen(${BENCH_PORTS.bareForward}, '127.0.0.1');
`;
const bareFastifySource = `
const app = require('fastify')({ logger: false });
app.get('/health/live', async () => ({ status: 'ok' }));
app.listen({ port: ${BENCH_PORTS.bareFastify}, host: '127.0.0.1' });
`;

// ── the throwaway service on @abide/platform (plain JS with the decorators applied by hand) ───────────────────
const serviceSource = `
require('reflect-metadata');
const { Controller, Get, Module } = require('@nestjs/common');
const { CurrentUser } = require('@abide/auth');
const { bootstrapService, ServiceCoreModule } = require('@abide/platform');
class RestDaysController {
  restDays(caller) { return { weekdays: caller.id ? [] : [0] }; }
}
Reflect.decorate([Get('habits/rest-days')], RestDaysController.prototype, 'restDays', Object.getOwnPropertyDescriptor(RestDaysController.prototype, 'restDays'));
CurrentUser()(RestDaysController.prototype, 'restDays', 0);
const Decorated = Reflect.decorate([Controller()], RestDaysController);
class BenchServiceModule {}
const Module_ = Reflect.decorate([Module({
  imports: [ServiceCoreModule.forRoot({ service: 'bench-service', config: {
    LOG_LEVEL: 'info', AUTH_JWKS_URL: process.env.AUTH_JWKS_URL, AUTH_ISSUER: '${ISSUER}', AUTH_AUDIENCE: '${AUDIENCE}',
  } })],
  controllers: [Decorated],
})], BenchServiceModule);
bootstrapService({ module: Module_, host: '127.0.0.1', port: ${BENCH_PORTS.service} });
`;

/** A JWKS endpoint and tokens signed with its key, as identity's would be. */
const startJwks = async () => {
  const { exportJWK, generateKeyPair, SignJWT } = await import('jose');
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench-key', alg: 'ES256', use: 'sig' };
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const token = await new SignJWT({ email: 'bench@test.abide.local', roles: ['user'], sid: 'bench-session' })
    .setProtectedHeader({ alg: 'ES256', kid: 'bench-key', typ: 'JWT' })
    .setSubject('00000000-0000-4000-8000-000000000001')
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(privateKey);
  return { server, token, url: `http://127.0.0.1:${server.address().port}/.well-known/jwks.json` };
};

// ── measuring ──────────────────────────────────────────────────────────────────────────────────────────────────
const fire = (url, headers, seconds) =>
  autocannon({ url, connections, duration: seconds, headers, timeout: 10 }).then((r) => ({
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    total: r.requests.total,
  }));

const signalAll = (procs) => procs.forEach((p) => p.kill('SIGWINCH'));

const measure = async (target, profile) => {
  if (warmup > 0) await fire(target.url, target.headers, warmup);
  // Only the processes started here load the profiler; each profile replaces the last one of its process.
  const procs = profile ? (target.processes ?? []).filter((p) => p.benchName) : [];
  for (const p of procs) rmSync(path.join(profDir, `${p.benchName}.cpuprofile`), { force: true });
  signalAll(procs);
  const result = await fire(target.url, target.headers, duration);
  signalAll(procs);
  if (procs.length) await wait(1500);
  if (result.non2xx || result.errors) log(`${target.name}: ${result.non2xx} non-2xx, ${result.errors} errors/timeouts of ${result.total}`);
  return result;
};

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const pct = (x) => `${(x * 100).toFixed(1)} %`;
const pad = (s, n) => String(s).padEnd(n);
const padl = (s, n) => String(s).padStart(n);

/** Self time per package and per function of a .cpuprofile, as shares of the samples. */
const summariseProfile = (file) => {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  const total = profile.samples.length;
  const packages = new Map();
  const functions = new Map();
  const packageOf = (url) => {
    if (!url) return '(native/gc/idle)';
    const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
    if (m) return m[1];
    if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
    const r = url.match(/\/(libs|apps)\/([^/]+)\//);
    return r ? `${r[1]}/${r[2]}` : url;
  };
  for (const [id, n] of counts) {
    const node = byId.get(id);
    const cf = node.callFrame;
    const pkg = cf.functionName === '(idle)' ? '(idle)' : packageOf(cf.url);
    packages.set(pkg, (packages.get(pkg) ?? 0) + n);
    const fn = `${cf.functionName || '(anonymous)'} ${cf.url ? `${path.basename(cf.url)}:${cf.lineNumber + 1}` : ''} [${pkg}]`;
    functions.set(fn, (functions.get(fn) ?? 0) + n);
  }
  const busy = total - (packages.get('(idle)') ?? 0);
  const top = (m, k) =>
    [...m]
      .filter(([name]) => name !== '(idle)' && !name.endsWith('[(idle)]'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([name, n]) => `    ${padl(pct(n / busy), 7)}  ${name}`)
      .join('\n');
  return `  ${path.relative(repoRoot, file)}: ${total} samples, ${pct(busy / total)} busy\n  self time by package (share of busy):\n${top(packages, 18)}\n  top functions:\n${top(functions, 25)}`;
};

const main = async () => {
  const jwks = await startJwks();
  const bearer = { authorization: `Bearer ${jwks.token}` };
  const bareNode = startProcess('bare-node', ['-e', bareNodeSource]);
  const bareFastify = startProcess('bare-fastify', ['-e', bareFastifySource]);
  const bareForward = startProcess('bare-forward', ['-e', bareForwardSource]);
  const { engineEnv } = await import('../infra/engines.mjs');
  const service = startProcess('bench-service', ['-r', '@swc-node/register', '-e', serviceSource], {
    AUTH_JWKS_URL: jwks.url,
    LOG_LEVEL: 'info',
    NODE_ENV: 'test',
  });
  const benchServiceUrl = `http://127.0.0.1:${BENCH_PORTS.service}`;
  const gateway = startProcess('bench-gateway', ['-r', '@swc-node/register', 'apps/gateway/src/main.ts'], {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(BENCH_PORTS.gateway),
    LOG_LEVEL: 'info',
    AUTH_JWKS_URL: jwks.url,
    REDIS_URL: engineEnv.REDIS_URL,
    REDIS_KEY_PREFIX: 'abide_bench',
    // The gateway consumes live signals (docs/architecture.md "Live updates"); its own prefix keeps it apart.
    KAFKA_BROKERS: engineEnv.KAFKA_BROKERS,
    KAFKA_CLIENT_ID: 'abide-bench-gateway',
    KAFKA_TOPIC_PREFIX: 'abide_bench.',
    KAFKA_GROUP_PREFIX: 'abide_bench.',
    IDENTITY_URL: benchServiceUrl,
    FORMATION_URL: benchServiceUrl,
    LIBRARY_URL: benchServiceUrl,
    COMMUNITY_URL: benchServiceUrl,
  });
  const benchGatewayUrl = `http://127.0.0.1:${BENCH_PORTS.gateway}`;

  let stack;
  let gatewayLive = { url: `${benchGatewayUrl}/health/live`, processes: [gateway] };
  let serviceLive = { url: `${benchServiceUrl}/health/live`, processes: [service] };
  if (!args['no-stack']) {
    const { ports, startServices, namespaceOf } = await import('../stack/services.mjs');
    if (!args.attach) {
      log(`starting the services on test slot ${process.env.ABIDE_TEST_SLOT} (ports ${ports.test.gateway}–${ports.test.community})`);
      stack = await startServices({
        profile: 'test',
        engineEnv,
        logDir: path.join(repoRoot, 'tmp', 'logs', namespaceOf('test')),
        onProgress: log,
      });
    }
    const byName = (name) => stack?.children?.find((c) => c.spawnargs.some((a) => a.includes(`apps/${name}/`)));
    gatewayLive = { url: `http://127.0.0.1:${ports.test.gateway}/health/live`, processes: [byName('gateway')].filter(Boolean) };
    serviceLive = { url: `http://127.0.0.1:${ports.test.formation}/health/live`, processes: [byName('formation')].filter(Boolean) };
  }

  await Promise.all([
    waitFor(`http://127.0.0.1:${BENCH_PORTS.bareNode}/`, bareNode),
    waitFor(`http://127.0.0.1:${BENCH_PORTS.bareFastify}/health/live`, bareFastify),
    waitFor(`http://127.0.0.1:${BENCH_PORTS.bareForward}/`, bareForward),
    waitFor(`${benchServiceUrl}/health/live`, service),
    waitFor(`${benchGatewayUrl}/health/live`, gateway),
  ]);
  // Both answer 200 with the bench token before anything is measured (a 401 would measure the error path).
  for (const url of [`${benchServiceUrl}/habits/rest-days`, `${benchGatewayUrl}/api/habits/rest-days`]) {
    const res = await fetch(url, { headers: bearer });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  }

  const targets = [
    { name: 'bare-node', url: `http://127.0.0.1:${BENCH_PORTS.bareNode}/`, processes: [bareNode] },
    { name: 'bare-fastify', url: `http://127.0.0.1:${BENCH_PORTS.bareFastify}/health/live`, processes: [bareFastify] },
    { name: 'gateway-live', ...gatewayLive },
    { name: 'service-live', ...serviceLive },
    { name: 'svc-auth', url: `${benchServiceUrl}/habits/rest-days`, headers: bearer, processes: [service] },
    { name: 'bare-forward', url: `http://127.0.0.1:${BENCH_PORTS.bareForward}/`, headers: bearer, processes: [bareForward, bareNode] },
    { name: 'gw-forward', url: `${benchGatewayUrl}/api/habits/rest-days`, headers: bearer, processes: [gateway, service] },
  ].filter((t) => t.name === 'bare-node' || !args.only || args.only.split(',').includes(t.name));

  log(`${rounds} round(s), autocannon -c ${connections} -d ${duration} (after ${warmup} s warm-up) per target, one at a time`);
  const results = Object.fromEntries(targets.map((t) => [t.name, []]));
  for (let round = 1; round <= rounds; round++) {
    for (const target of targets) {
      const profile = round === rounds && args.profile === target.name;
      results[target.name].push(await measure(target, profile));
    }
    const ceiling = results['bare-node'][round - 1].rps;
    console.log(`\nround ${round}/${rounds}`);
    console.log(`  ${pad('target', 14)}${padl('req/s', 9)}${padl('of bare', 9)}${padl('p50', 6)}${padl('p99', 6)}`);
    for (const target of targets) {
      const r = results[target.name][round - 1];
      console.log(
        `  ${pad(target.name, 14)}${padl(Math.round(r.rps), 9)}${padl(pct(r.rps / ceiling), 9)}${padl(r.p50, 6)}${padl(r.p99, 6)}`,
      );
    }
  }

  console.log(`\nsummary over ${rounds} round(s): ratio to bare node http of the same round, median [min–max]`);
  for (const target of targets) {
    const ratios = results[target.name].map((r, i) => r.rps / results['bare-node'][i].rps);
    const rps = results[target.name].map((r) => r.rps);
    console.log(
      `  ${pad(target.name, 14)}${padl(Math.round(median(rps)), 8)} req/s  ${padl(pct(median(ratios)), 7)} [${pct(Math.min(...ratios))}–${pct(Math.max(...ratios))}]  p50/p99 ${median(results[target.name].map((r) => r.p50))}/${median(results[target.name].map((r) => r.p99))} ms`,
    );
  }

  if (args.profile) {
    const target = targets.find((t) => t.name === args.profile);
    for (const proc of target?.processes ?? []) {
      const name = proc.benchName ?? proc.spawnargs.find((a) => a.includes('apps/'))?.split('/')[1];
      const file = proc.benchName ? path.join(profDir, `${proc.benchName}.cpuprofile`) : undefined;
      if (!file || !readdirSync(profDir).includes(path.basename(file))) {
        log(`no profile for ${name} (only the processes this script starts itself are profiled)`);
        continue;
      }
      console.log(`\nprofile of ${name} during ${args.profile}:`);
      console.log(summariseProfile(file));
    }
  }

  jwks.server.close();
  await stack?.stop();
};

const stopChildren = () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
};
process.on('SIGINT', () => {
  stopChildren();
  process.exit(130);
});
main()
  .then(() => {
    stopChildren();
    process.exit(0);
  })
  .catch((error) => {
    console.error(error);
    stopChildren();
    process.exit(1);
  });
