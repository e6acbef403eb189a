#!/usr/bin/env node
// `npm run bench`: the load suite (README "The load suite"). A benchmark: it reports figures and never fails on one.
//
//   npm run bench [-- --members 1000 --days 90 --groups 50 --resources 200] [--duration 30] [--vus 10]
//                 [--only habits,checkin] [--reseed] [--keep] [--no-lighthouse] [--no-cleanup] [--smoke]
//                 [--cpu-profile] [--replicas 3] [--no-verify] [--samples 200]
//
// 1. k6 (built with Go once, cached with the engines), the engines (tools/infra's default instance, never stopped),
//    the bench stack (reused when it answers, else started; stopped at the end unless --keep);
// 2. the data, seeded once per namespace through the services' own command paths (tools/bench/seed.mjs) and reused
//    by later runs (a marker in the namespace's database), unless --reseed;
// 3. every member signed in, then each scenario through the gateway with k6 (a web-dashboard HTML report each), and
//    beside it the ceilings of the same run: a bare Node server with the same body, the raw driver's findOne/insertOne
//    on the same FerretDB with a document the size of the response;
// 4. event propagation, live updates (push latency write → stream, open streams one gateway holds, against a bare
//    Node server's), a 5,000-row member import (against the raw driver's floor for the same rows, member-import.mjs), peak memory per service, writes made against what the system shows applied;
// 5. Lighthouse on the production build of / and /plan (tools/bench/lighthouse.mjs), the landing page's JS bytes;
// 6. every read model against a rebuild from the events once the writes have settled (read-model-check.mjs; a smoke
//    with a divergence fails; --no-verify skips it);
// 7. reports/<time>/ (k6 HTML reports, summary.json) and a table.
// Every scenario reports the CPU each service, FerretDB and Kafka used while it ran (in cores). --cpu-profile also
// profiles each service's functions during each scenario (a stack started for it, with the inspector on loopback),
// prints where the time went and keeps the raw profiles in the report's cpu/ folder, for Chrome DevTools.
// --smoke: the same path with tiny data and a few seconds per scenario, on its own ports and namespace (npm test).
// --replicas N (or ABIDE_REPLICAS=N): N instances of every service behind the one gateway (README "Replicas"). Every
// scenario reports the database commands its requests caused per request (db_commands_total, db-commands.mjs).
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { VERSIONS, engineEnv, status as engineStatus, up } from '../infra/engines.mjs';
import { commandOutput } from '../infra/lib/util.mjs';
import { namespaceOf, ports, replicaCount, repoRoot, stackInstances } from '../stack/services.mjs';
import { buildWeb, startWeb } from '../stack/web.mjs';
import { ceilingDocuments, driverCeiling, startBareServer } from './ceilings.mjs';
import { cpuWindow, openProfilers, summarizeProfile } from './cpu.mjs';
import { commandWindow, idleCommandRates, settle } from './db-commands.mjs';
import { K6_VERSION, ensureK6, runK6 } from './k6.mjs';
import { startMemorySampler } from './memory.mjs';
import { choosePropagationProbes, measurePropagation } from './probe.mjs';
import { measureLandingBytes } from './landing-bytes.mjs';
import { measureMemberImport } from './member-import.mjs';
import { measurePushLatency, measureStreamCapacity } from './push.mjs';
import { formatCpu, formatReport, integrityFailures } from './report.mjs';
import { catalog, cleanUp, countApplied, prepareScenarios, readBefore, sendOne } from './scenarios.mjs';
import { checkReadModels } from './read-model-check.mjs';
import { readMarker, seed, writeMarker } from './seed.mjs';
import { dropNamespace, ensureStack, inspectPortOf, stopRunningStack } from './stack.mjs';
import { Tokens } from './tokens.mjs';

const { values: args } = parseArgs({
  options: {
    smoke: { type: 'boolean', default: false },
    members: { type: 'string' },
    days: { type: 'string' },
    groups: { type: 'string' },
    resources: { type: 'string' },
    'long-history': { type: 'string' },
    'short-history': { type: 'string' },
    duration: { type: 'string' },
    'ceiling-duration': { type: 'string' },
    vus: { type: 'string' },
    samples: { type: 'string' },
    concurrency: { type: 'string' },
    'write-rate-guess': { type: 'string' },
    only: { type: 'string' },
    reseed: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    'seed-only': { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    'no-cleanup': { type: 'boolean', default: false },
    'cpu-profile': { type: 'boolean', default: false },
    'no-verify': { type: 'boolean', default: false },
    replicas: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  process.stdout.write(
    readFileSync(new URL(import.meta.url), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('//'))
      .map((l) => l.slice(3))
      .join('\n') + '\n',
  );
  process.exit(0);
}

const smoke = args.smoke;
const profile = smoke ? 'bench-smoke' : 'bench';
const num = (value, fallback) => (value === undefined ? fallback : Number(value));
const params = {
  members: num(args.members, smoke ? 4 : 1000),
  days: num(args.days, smoke ? 3 : 90),
  groups: num(args.groups, smoke ? 2 : 50),
  resources: num(args.resources, smoke ? 3 : 200),
  longHistory: num(args['long-history'], smoke ? 4 : 365),
  shortHistory: num(args['short-history'], smoke ? 2 : 7),
  concurrency: num(args.concurrency, 6),
};
const run = {
  duration: num(args.duration, smoke ? 2 : 30),
  ceilingDuration: num(args['ceiling-duration'], smoke ? 1 : 10),
  vus: num(args.vus, smoke ? 4 : 10),
  // Event propagation samples of each kind: with 200, its p99 is the second slowest rather than the slowest.
  samples: num(args.samples, smoke ? 2 : 200),
  writeRateGuess: num(args['write-rate-guess'], smoke ? 20 : 300),
  // The profiler slows the services: such a run's figures are not compared with others'.
  cpuProfile: args['cpu-profile'],
  replicas: replicaCount(args.replicas ?? process.env.ABIDE_REPLICAS),
};
const lighthouseWanted = !smoke && !args['no-lighthouse'];

const started = Date.now();
const say = (line) => process.stdout.write(`[bench ${Math.round((Date.now() - started) / 1000)}s] ${line}\n`);
const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
const reportsDir = path.join(repoRoot, 'reports');
const runDir = path.join(reportsDir, smoke ? `${stamp}-smoke` : stamp);
const dataDir = path.join(runDir, 'data');
mkdirSync(dataDir, { recursive: true });

const names = catalog.filter((s) => (args.only ? args.only.split(',').includes(s.name) : !(smoke && s.notInSmoke))).map((s) => s.name);
const cleanups = [];
let stack;
let web;

const main = async () => {
  say(
    `${smoke ? 'smoke' : 'load suite'}: profile ${profile}, namespace ${namespaceOf(profile)}, ${run.replicas} instance(s) of each service, report in ${path.relative(repoRoot, runDir)}`,
  );
  const k6 = await ensureK6();
  say('engines (tools/infra default instance; provisioned the first time)');
  await up({ quiet: true });

  // ---- the stack and its data
  const manifestFile = path.join(reportsDir, '.seed', `${namespaceOf(profile)}.json`);
  if (args.reseed) say('--reseed: replacing the seed');
  let manifest = args.reseed ? null : await loadSeed(manifestFile);
  if (!manifest) {
    // Nothing usable there (first run, --reseed, an interrupted seed): start the namespace from nothing, with its
    // services stopped (their consumer groups must be idle to be moved).
    await stopRunningStack(profile);
    await dropNamespace({ profile, engineEnv });
  }
  // Profiles need the inspector, which a running stack was not started with.
  if (args['cpu-profile']) await stopRunningStack(profile);
  stack = await ensureStack({ profile, engineEnv, say, inspect: args['cpu-profile'], replicas: run.replicas });
  if (!args.keep) cleanups.push(() => stack.stop());
  let seeded = false;
  if (!manifest) {
    manifest = await seed({ profile, engineEnv, apiUrl: stack.apiUrl, params, dataDir, say });
    mkdirSync(path.dirname(manifestFile), { recursive: true });
    writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
    await writeMarker(engineEnv, profile, manifest);
    seeded = true;
    const t = manifest.timing;
    say(
      `seeded in ${t.seconds} s: history ${t.history.writes} writes at ${t.history.rate}/s, groups ${t.groups.writes} writes at ${t.groups.rate}/s`,
    );
  } else {
    say(`reusing the seed of ${manifest.createdAt} (${manifest.params.members} members × ${manifest.params.days} days)`);
  }
  if (args['seed-only']) return finish({ manifest, seeded });

  // ---- the web app's production build, for Lighthouse
  const lighthouseModule = path.join(repoRoot, 'tools', 'bench', 'lighthouse.mjs');
  if (lighthouseWanted && existsSync(lighthouseModule)) {
    say('building the web app (production) for Lighthouse');
    buildWeb();
    web = await startWeb({ mode: 'preview', port: ports[profile].web, gatewayUrl: stack.apiUrl, logDir: stack.logDir });
    cleanups.push(() => web.stop());
  }

  // ---- members signed in, scenarios prepared
  const people = [...manifest.members, ...manifest.historyProbes, manifest.moderator];
  const tokens = new Tokens({ apiUrl: stack.apiUrl, people, file: path.join(dataDir, 'tokens.json'), concurrency: params.concurrency });
  say(`signing ${people.length} members in`);
  const signInSeconds = await tokens.signIn();
  const probes = choosePropagationProbes(manifest, smoke ? 1 : 5);
  const ctx = {
    apiUrl: stack.apiUrl,
    manifest,
    tokens,
    dataDir,
    concurrency: params.concurrency,
    needed: Math.ceil(run.writeRateGuess * run.duration * 1.6),
    exclude: new Set(probes.map((p) => p.m)),
    instances: stackInstances(profile, run.replicas),
  };
  say('preparing the scenarios (request lists, the state writes are checked against)');
  // A scenario prepared late reads the state right before it runs (see the catalog), not now.
  const prepared = await prepareScenarios(
    ctx,
    names.filter((n) => !catalog.find((s) => s.name === n).prepareLate),
  );

  const engines = await engineStatus();
  const enginePid = (engine) => engines.find((e) => e.engine === engine)?.pid;
  const ferret = enginePid('mongo');
  const sampler = startMemorySampler({ ...stack.pids, ...(ferret ? { ferretdb: ferret } : {}) });
  ctx.cpuPids = { ...stack.pids, ...(ferret ? { ferretdb: ferret } : {}), ...(enginePid('kafka') ? { kafka: enginePid('kafka') } : {}) };
  if (args['cpu-profile']) {
    ctx.profilers = await openProfilers(
      Object.fromEntries(ctx.instances.map(({ name, instance, label }) => [label, inspectPortOf(profile, name, instance)])),
    );
    cleanups.push(async () => ctx.profilers.close());
    mkdirSync(path.join(runDir, 'cpu'), { recursive: true });
  }
  // What the services send to the database when no request comes in, taken off each scenario's count (db-commands.mjs).
  ctx.idleCommands = await idleCommandRates(ctx.instances);
  say(
    `database commands per second at rest: ${Object.entries(ctx.idleCommands)
      .map(([svc, n]) => `${svc} ${n}`)
      .join(', ')}`,
  );
  const measuredFrom = Date.now();
  const results = {};
  for (const name of names) {
    const def = catalog.find((s) => s.name === name);
    await tokens.ensureFresh();
    const own = def.prepareLate ? (await prepareScenarios(ctx, [name]))[name] : prepared[name];
    results[name] = await runScenario({ def, prepared: own, ctx, k6 });
  }
  let propagation = null;
  if (!args.only || args.only.includes('propagation')) {
    if (probes.length) {
      say(`event propagation: ${run.samples} samples of each kind through ${probes.length} group(s)`);
      await tokens.ensureFresh();
      propagation = await measurePropagation(ctx, probes, run.samples, say);
    } else say('event propagation: no group with a member to probe');
  }
  let push = null;
  if (!args.only || args.only.includes('push')) {
    if (probes.length) {
      say(`live updates: ${run.samples} check-ins and undos pushed to their group's leader`);
      await tokens.ensureFresh();
      push = { latency: await measurePushLatency(ctx, probes, run.samples, say) };
      // Both ends of the ceiling's streams live in this process: 8,000 keeps it under a 20,000 file-descriptor limit.
      const steps = smoke ? [25, 50] : [500, 1000, 2000, 4000, 8000];
      say(`live updates: open streams on one gateway, in steps up to ${steps[steps.length - 1]}`);
      await tokens.ensureFresh();
      push.capacity = await measureStreamCapacity(ctx, probes[0], steps, stack.pids.gateway, say);
    } else say('live updates: no group with a member to probe');
  }
  let memberImport = null;
  if (!args.only || args.only.includes('member-import')) {
    const rows = smoke ? 50 : 5000;
    say(`member import: ${rows} new people from one file`);
    await tokens.ensureFresh();
    memberImport = await measureMemberImport(ctx, {
      rows,
      mongoUrl: engineEnv.MONGO_URL,
      db: `${namespaceOf(profile)}_identity`,
      redisUrl: engineEnv.REDIS_URL,
      redisPrefix: namespaceOf(profile),
      say,
    });
  }
  const memory = sampler.stop();
  const measuredSeconds = (Date.now() - measuredFrom) / 1000;

  // ---- every read model against its rebuild, once the writes above have been published and projected (#25)
  let readModels = null;
  if (!args['no-verify']) {
    say('read models: every one against a rebuild from the events (tools/read-models verify)');
    readModels = await checkReadModels({ profile, mongoUrl: engineEnv.MONGO_URL, say });
    say(`read models: ${readModels.checked ? `${readModels.divergences} divergence(s)` : 'not checked'} (${readModels.seconds} s)`);
  }

  // ---- Lighthouse and the landing page's bytes (the web team's modules, when present)
  const lighthouse = web
    ? await runLighthouseHook({ web, manifest })
    : { skipped: lighthouseWanted ? 'tools/bench/lighthouse.mjs is not there yet' : 'off' };
  // Measured only on the build this run made: an older build in the folder would report another commit's bytes.
  const landing = web ? await runLandingBytes({ web }) : { skipped: 'off' };

  return finish({
    manifest,
    seeded,
    signInSeconds,
    results,
    propagation,
    push,
    memberImport,
    memory,
    measuredSeconds,
    lighthouse,
    landing,
    idleCommands: ctx.idleCommands,
    readModels,
  });
};

/** One scenario: its k6 run(s), its ceilings, and for writes what was applied (then taken back). */
const runScenario = async ({ def, prepared, ctx, k6 }) => {
  const { name, kind } = def;
  say(`${name}: ${def.title} (${prepared.requests.length} requests prepared)`);
  if (kind === 'write') await readBefore(ctx, name, prepared);
  const since = Date.now() - 1000;
  // The first request is sent from here: its answer is the body the ceilings copy (and for writes it counts).
  const first = await sendOne(ctx, prepared.requests[0]);
  if (first.status >= 300) say(`${name}: the first request answered ${first.status}: ${first.text.slice(0, 300)}`);
  const result = { title: def.title, kind, bytes: Buffer.byteLength(first.text), firstStatus: first.status, extra: {} };
  if (prepared.days) result.extra.days = prepared.days;
  if (kind === 'read') {
    const measured = await whileMeasuringCpu(ctx, name, () => runK6({ bin: k6, ...k6Phase(ctx, name, kind, { EXECUTOR: 'vus' }, '') }));
    result.load = measured.value;
    result.cpu = measured.cpu;
    result.dbCommands = measured.dbCommands;
  } else {
    // Maximum: `vus` members writing back to back. Then half of that rate as an open model, for its latency, with a
    // request list of its own prepared from the state the first phase left (so neither phase runs out of writes).
    const max = await runWritePhase({ ctx, name, kind, prepared, k6, env: { EXECUTOR: 'once', OFFSET: '1' }, suffix: '', since });
    const firstMade = first.status < 300 ? 1 : 0;
    result.load = max.load;
    result.cpu = max.cpu;
    result.dbCommands = max.dbCommands;
    const half = Math.max(1, Math.round(max.load.rps / 2));
    const halfSince = Date.now() - 1000;
    const again = (await prepareScenarios({ ...ctx, needed: Math.ceil(half * run.duration * 1.3) }, [name]))[name];
    await readBefore(ctx, name, again);
    const second = await runWritePhase({
      ctx,
      name,
      kind,
      prepared: again,
      k6,
      env: { EXECUTOR: 'rate', RATE: String(half), OFFSET: '0' },
      suffix: '-half',
      since: halfSince,
    });
    result.half = { ...second.load, rate: half };
    result.writes = {
      sent: 1 + max.writes.sent + second.writes.sent,
      made: firstMade + max.writes.made + second.writes.made,
      applied: max.writes.applied + second.writes.applied,
      unexpected: max.writes.unexpected + second.writes.unexpected,
      ...(args['no-cleanup'] ? {} : { takenBack: max.writes.takenBack + second.writes.takenBack }),
    };
  }
  say(`${name}: ${result.load.rps} req/s, p95 ${result.load.p95} ms; ceilings…`);
  result.ceilings = await measureCeilings({
    name,
    kind,
    body: first.text,
    contentType: first.headers.get('content-type') ?? 'application/json',
    k6,
  });
  return result;
};

/** What runK6 needs for one phase of a scenario (its HTML report named after the phase). */
const k6Phase = (ctx, name, kind, env, suffix) => ({
  env: {
    BASE_URL: ctx.apiUrl,
    DATA_DIR: ctx.dataDir,
    SCENARIO: name,
    KIND: kind,
    VUS: String(run.vus),
    DURATION: `${run.duration}s`,
    ...env,
  },
  html: path.join(runDir, `k6-${name}${suffix}.html`),
  summaryFile: path.join(ctx.dataDir, `summary-${name}${suffix}.json`),
  logFile: path.join(runDir, 'k6.log'),
});

/**
 * One phase of a write scenario: k6 through the phase's request list (from OFFSET), then what the system shows
 * applied of what was sent, then (unless --no-cleanup) what it added taken back. `prepared` is the phase's own list,
 * with the state read before it; `since` is when the phase began (clean-up removes what was created after it).
 */
const runWritePhase = async ({ ctx, name, kind, prepared, k6, env, suffix, since }) => {
  const offset = Number(env.OFFSET);
  // Where the CPU goes is measured at the maximum, where it is the limit.
  const {
    value: load,
    cpu,
    dbCommands,
  } = await (suffix === ''
    ? whileMeasuringCpu(ctx, name, () => runK6({ bin: k6, ...k6Phase(ctx, name, kind, env, suffix) }))
    : runK6({ bin: k6, ...k6Phase(ctx, name, kind, env, suffix) }).then((value) => ({ value, cpu: null, dbCommands: null })));
  const sent = offset + load.writesOk + load.writesFailed;
  const counted = await countApplied(ctx, name, prepared, sent);
  const writes = { sent: sent - offset, made: load.writesOk, applied: counted.applied, unexpected: counted.unexpected, takenBack: 0 };
  say(`${name}${suffix}: ${load.writesOk} writes answered as done, ${counted.applied} found applied`);
  if (load.exhausted) say(`${name}${suffix}: the request list ran out (${load.exhausted} iterations found none left)`);
  if (!args['no-cleanup']) writes.takenBack = await cleanUp(ctx, name, prepared, since);
  // The clean-up's own events are applied before the next phase starts: they are not that phase's load.
  await settleOrSay(ctx, `${name}${suffix} clean-up`);
  return { load, writes, cpu, dbCommands };
};

/** Waits for the stack to be back at rest (settle), saying so when it takes long or never comes. */
const settleOrSay = async (ctx, after) => {
  const { seconds, settled } = await settle(ctx.instances, ctx.idleCommands);
  if (!settled) say(`${after}: the services were still busy after ${seconds} s; going on`);
  else if (seconds > 5) say(`${after}: the services took ${seconds} s to be back at rest`);
};

/**
 * Runs a scenario's measured phase while reading each process's CPU use and counting the database commands the
 * services sent (per request the phase ran), and with --cpu-profile while profiling every service (the raw profiles go
 * to cpu/<scenario>-<service>.cpuprofile).
 */
const whileMeasuringCpu = async (ctx, name, phase) => {
  if (ctx.profilers) await ctx.profilers.start();
  const commands = await commandWindow(ctx.instances, ctx.idleCommands);
  const window = cpuWindow(ctx.cpuPids);
  const value = await phase();
  const cpu = window.stop();
  // Counted once the work the requests caused in the background is done (a consumer behind at the maximum rate).
  await settleOrSay(ctx, name);
  const dbCommands = await commands.stop(value.requests);
  if (ctx.profilers) {
    cpu.profiles = {};
    for (const [service, profile] of Object.entries(await ctx.profilers.stop())) {
      writeFileSync(path.join(runDir, 'cpu', `${name}-${service}.cpuprofile`), JSON.stringify(profile));
      cpu.profiles[service] = summarizeProfile(profile);
    }
  }
  return { value, cpu, dbCommands };
};

const measureCeilings = async ({ name, kind, body, contentType, k6 }) => {
  const ceilings = {};
  const bare = await startBareServer({ body, contentType, bodyFile: path.join(dataDir, `bare-${name}.body`) });
  try {
    writeFileSync(path.join(dataDir, `requests-bare-${name}.json`), JSON.stringify([{ path: '/' }]));
    ceilings.bare = await runK6({
      bin: k6,
      env: {
        BASE_URL: bare.url,
        DATA_DIR: dataDir,
        SCENARIO: `bare-${name}`,
        KIND: 'read',
        VUS: String(run.vus),
        DURATION: `${run.ceilingDuration}s`,
        EXECUTOR: 'vus',
      },
      summaryFile: path.join(dataDir, `summary-bare-${name}.json`),
      logFile: path.join(runDir, 'k6.log'),
    });
  } finally {
    await bare.stop();
  }
  if (name === 'trivial') return ceilings;
  const docs = ceilingDocuments(body);
  const mode = kind === 'read' ? 'findOne' : 'insertOne';
  for (const shape of smoke ? ['flat'] : ['shaped', 'flat']) {
    ceilings[shape] = await driverCeiling({
      mongoUrl: engineEnv.MONGO_URL,
      db: `${namespaceOf(profile)}_ceiling`,
      mode,
      shape,
      document: docs[shape],
      concurrency: run.vus,
      seconds: run.ceilingDuration,
      docFile: path.join(dataDir, `doc-${name}-${shape}.json`),
    });
  }
  return ceilings;
};

const runLighthouseHook = async ({ web, manifest }) => {
  try {
    const { runLighthouse } = await import(pathToFileURL(path.join(repoRoot, 'tools', 'bench', 'lighthouse.mjs')).href);
    const member = manifest.members[0];
    say('Lighthouse (mobile) on / and /plan of the production build');
    const pages = await runLighthouse({
      base: web.url,
      publicPaths: ['/'],
      memberPaths: ['/plan'],
      email: member.email,
      password: member.password,
      outDir: path.join(runDir, 'lighthouse'),
      log: say,
    });
    return { pages };
  } catch (error) {
    say(`Lighthouse failed: ${error.message}`);
    return { error: error.message };
  }
};

/** The landing page's JS, in Chromium against the build this run made and serves. */
const runLandingBytes = async ({ web }) => {
  try {
    return await measureLandingBytes({ base: web.url });
  } catch (error) {
    return { error: error.message };
  }
};

const loadSeed = async (manifestFile) => {
  const marker = await readMarker(engineEnv, profile).catch(() => null);
  if (!marker || !existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  if (manifest.id !== marker.manifestId) return null;
  const wanted = { ...params, concurrency: undefined };
  const have = { ...manifest.params, concurrency: undefined };
  if (JSON.stringify(wanted) !== JSON.stringify(have)) {
    const explicit = ['members', 'days', 'groups', 'resources', 'long-history', 'short-history'].some((k) => args[k] !== undefined);
    if (!explicit) {
      // No size asked for: use the seed that is there.
      Object.assign(params, manifest.params);
      return manifest;
    }
    if (!args.reseed) {
      throw new Error(
        `the ${namespaceOf(profile)} namespace holds a seed of ${JSON.stringify(have)}, not ${JSON.stringify(wanted)}: run with --reseed to replace it, or without size options to reuse it`,
      );
    }
    return null;
  }
  return manifest;
};

const machine = async () => {
  const cpus = os.cpus();
  const engines = await engineStatus().catch(() => []);
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGb: Number((os.totalmem() / 2 ** 30).toFixed(1)),
    loadAverage: os.loadavg().map((x) => Number(x.toFixed(2))),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    k6: K6_VERSION,
    engines: Object.fromEntries(engines.map((e) => [e.engine, e.version])),
    versions: { kafka: VERSIONS.kafka, ferretdb: VERSIONS.ferretdb, minio: VERSIONS.minio, maildev: VERSIONS.maildev },
    commit: commandOutput('git', ['-C', repoRoot, 'rev-parse', '--short', 'HEAD'])?.trim() ?? null,
  };
};

const finish = async (outcome) => {
  const host = await machine();
  const summary = {
    startedAt: new Date(started).toISOString(),
    seconds: Math.round((Date.now() - started) / 1000),
    smoke,
    profile,
    namespace: namespaceOf(profile),
    params,
    run,
    machine: host,
    seed: {
      reused: !outcome.seeded,
      createdAt: outcome.manifest.createdAt,
      params: outcome.manifest.params,
      timing: outcome.manifest.timing,
    },
    signInSeconds: outcome.signInSeconds ?? null,
    scenarios: outcome.results ?? {},
    propagation: outcome.propagation ?? null,
    push: outcome.push ?? null,
    memberImport: outcome.memberImport ?? null,
    idleCommands: outcome.idleCommands ?? null,
    readModels: outcome.readModels ?? null,
    memory: outcome.memory ?? null,
    measuredSeconds: outcome.measuredSeconds ?? null,
    lighthouse: outcome.lighthouse ?? null,
    landing: outcome.landing ?? null,
    previous: previousPopulation(host.commit),
  };
  writeFileSync(path.join(runDir, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  process.stdout.write(`\n${formatReport(summary)}\n`);
  if (args['cpu-profile']) {
    writeFileSync(path.join(runDir, 'cpu', 'functions.txt'), `${formatCpu(summary.scenarios, { functions: true }).join('\n')}\n`);
    process.stdout.write(
      `\nCPU profiles: ${path.relative(process.cwd(), path.join(runDir, 'cpu'))}/ (functions.txt; *.cpuprofile open in Chrome DevTools)\n`,
    );
  }
  process.stdout.write(`\nReport: ${path.relative(process.cwd(), runDir)}/ (summary.json, k6-<scenario>.html)\n`);
  if (smoke) pruneSmokeReports();
  // Speed is reported, never enforced; a 5xx or a lost write is a defect, and the smoke (run by npm test) fails on it.
  const broken = integrityFailures(summary);
  if (smoke && broken.length) throw new Error(`the smoke found defects: ${broken.map((t) => `${t.target}: ${t.figure}`).join('; ')}`);
  return summary;
};

/**
 * The newest earlier report with another member count, for "a read's cost does not grow with the population": only
 * one made from the same commit with the same load (VUs, seconds per scenario), so the two differ in their data alone.
 */
const previousPopulation = (commit) => {
  if (!existsSync(reportsDir)) return null;
  for (const dir of readdirSync(reportsDir)
    .filter((d) => /^\d{4}-/.test(d))
    .sort()
    .reverse()) {
    const file = path.join(reportsDir, dir, 'summary.json');
    if (!existsSync(file) || path.join(reportsDir, dir) === runDir) continue;
    try {
      const s = JSON.parse(readFileSync(file, 'utf8'));
      const habits = s.scenarios?.habits?.load;
      const sameLoad =
        s.machine?.commit === commit && s.run?.vus === run.vus && s.run?.duration === run.duration && !s.run?.cpuProfile && !run.cpuProfile;
      if (habits && sameLoad && s.params?.members !== params.members) return { report: dir, members: s.params.members, habits };
    } catch {
      // an unreadable report: skip it
    }
  }
  return null;
};

const pruneSmokeReports = () => {
  const smokes = readdirSync(reportsDir)
    .filter((d) => d.endsWith('-smoke'))
    .sort();
  for (const dir of smokes.slice(0, -3)) rmSync(path.join(reportsDir, dir), { recursive: true, force: true });
};

const shutdown = async () => {
  for (const stop of cleanups.reverse()) await stop().catch(() => undefined);
  if (args.keep && stack) say(`--keep: the bench stack stays up (gateway ${stack.apiUrl}); the next run reuses it`);
};

let interrupted = false;
process.on('SIGINT', async () => {
  if (interrupted) process.exit(130);
  interrupted = true;
  say('interrupted: stopping what this run started');
  await shutdown();
  process.exit(130);
});

try {
  await main();
  await shutdown();
  process.exit(0);
} catch (error) {
  process.stderr.write(`\nbench failed: ${error.stack ?? error.message}\n`);
  await shutdown();
  process.exit(1);
}
