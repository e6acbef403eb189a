#!/usr/bin/env node
// `npm run rehearse:cold-start`: what a brand-new machine sees. Clones HEAD into a temporary folder and runs the
// README's commands there with an empty engine cache (and empty Go caches), every port shifted so nothing collides
// with engines or stacks already running here: npm install, npm start (first: provisioning + start; then cached),
// npm test. Prints step, seconds, result; stops the rehearsal's engines and leaves no process behind.
// Node standard library only.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { cleanEnv, cmdlineOf, pidAlive, sleep, tailFile } from '../infra/lib/util.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const USAGE = `usage: npm run rehearse:cold-start -- [options]

  --skip-test         skip \`npm test\` (a quick check of install and start)
  --reuse-go-cache    reuse this machine's Go build and module caches (saves minutes of MinIO/FerretDB builds)
  --port-offset <n>   shift every engine, service and web port by n (default 20000)
  --working-tree      also copy the uncommitted changes into the clone (default: the HEAD commit only)
  --keep              keep the temporary folder (clone, caches, logs) afterwards`;

const MIN = 60_000;
const TIMEOUTS = { install: 20 * MIN, firstStart: 45 * MIN, start: 15 * MIN, test: 120 * MIN, down: 3 * MIN };
const SETTLE_MS = 5000; // after the URL shows: long enough to see a service that crashes right after start
const CTRL_C_GRACE_MS = 60_000; // how long `npm start` may take to stop after Ctrl-C

function parseArgs(argv) {
  const opts = { portOffset: 20000 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--skip-test') opts.skipTest = true;
    else if (a === '--reuse-go-cache') opts.reuseGoCache = true;
    else if (a === '--working-tree') opts.workingTree = true;
    else if (a === '--keep') opts.keep = true;
    else if (a === '--port-offset' || a.startsWith('--port-offset='))
      opts.portOffset = Number(a.includes('=') ? a.split('=')[1] : argv[++i]);
    else if (a === '-h' || a === '--help') opts.help = true;
    else throw new Error(`unknown option ${a}\n\n${USAGE}`);
  }
  if (!Number.isInteger(opts.portOffset) || opts.portOffset < 0) throw new Error(`--port-offset must be a whole number >= 0\n\n${USAGE}`);
  return opts;
}

const started = Date.now();
const secsSince = (t) => (Date.now() - t) / 1000;
const say = (msg) => process.stdout.write(`[rehearse ${Math.round(secsSince(started))}s] ${msg}\n`);
const git = (...args) => spawnSync('git', ['-C', repoRoot, ...args], { encoding: 'utf8' });

// ---------------------------------------------------------------- running one step

let current = null; // the step running now, so Ctrl-C can stop it
let interrupted = false;

const signalGroup = (child, sig) => {
  try {
    process.kill(-child.pid, sig);
  } catch {
    /* already gone */
  }
};

/**
 * Runs cmd as its own process group (like a terminal job), output to logFile and, with `echo`, to the console
 * prefixed by `tag`. onLine(line, step) sees every line; step.interrupt() is Ctrl-C (SIGINT to the group, SIGKILL
 * if it is still there after CTRL_C_GRACE_MS). Resolves { code, signal, seconds, timedOut, killed }.
 */
function runStep(label, cmd, args, { env, cwd, logFile, echo = false, tag = label, timeoutMs, onLine = () => {} }) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const out = fs.createWriteStream(logFile, { flags: 'a' });
    out.write(`$ ${cmd} ${args.join(' ')}   (cwd ${cwd})\n`);
    const child = spawn(cmd, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let last = '';
    let lastShown = Date.now();
    let timedOut = false;
    let killed = false;
    let exited = false;
    let interruptedAt = null;
    let exitedAt = null;
    const step = {
      elapsed: () => secsSince(t0),
      interrupt() {
        interruptedAt ??= Date.now();
        signalGroup(child, 'SIGINT');
        setTimeout(() => {
          if (exited) return;
          killed = true;
          say(`${label}: still running ${CTRL_C_GRACE_MS / 1000}s after Ctrl-C; killing it`);
          signalGroup(child, 'SIGKILL');
        }, CTRL_C_GRACE_MS).unref();
      },
    };
    current = step;
    const take = (line) => {
      out.write(`${line}\n`);
      if (line.trim()) last = line.trim();
      if (echo) {
        process.stdout.write(`  ${tag} | ${line}\n`);
        lastShown = Date.now();
      }
      onLine(line, step);
    };
    readline.createInterface({ input: child.stdout }).on('line', take);
    readline.createInterface({ input: child.stderr }).on('line', take);
    // A line every ~15 s while the step is quiet, so a long wait is never silent.
    const ticker = setInterval(() => {
      if (Date.now() - lastShown < 15_000) return;
      lastShown = Date.now();
      say(`${label}: ${Math.round(step.elapsed())}s…${last ? ` (last: ${last.slice(0, 110)})` : ''}`);
    }, 1000);
    const timer = setTimeout(() => {
      timedOut = true;
      say(`${label}: no result after ${timeoutMs / MIN} min; stopping it`);
      step.interrupt();
    }, timeoutMs);
    let done = false;
    const finish = (result) => {
      if (done) return;
      done = true;
      clearInterval(ticker);
      clearTimeout(timer);
      current = null;
      out.end();
      const stopSeconds = interruptedAt && exitedAt ? (exitedAt - interruptedAt) / 1000 : null;
      resolve({ ...result, seconds: step.elapsed(), timedOut, killed, stopSeconds });
    };
    child.once('error', (err) => finish({ code: null, signal: null, error: err.message }));
    child.once('exit', (code, signal) => {
      exited = true;
      exitedAt = Date.now();
      // Output may still be draining; a grandchild that kept the pipes open must not hold us up, though.
      setTimeout(() => finish({ code, signal }), 5000).unref();
      child.once('close', () => finish({ code, signal }));
    });
  });
}

const exitText = ({ code, signal, error }) => (error ? `cannot run: ${error}` : signal ? `ended by ${signal}` : `exit ${code}`);

async function showTail(file, lines = 30) {
  process.stdout.write(`\n--- last ${lines} lines of ${file} ---\n${await tailFile(file, lines)}\n---\n\n`);
}

/**
 * Why services stopped: each service log that ends in an error report (e.g. Node's report of an uncaught error after
 * the JSON log lines), without its stack frames; when none does, the last lines of every log.
 */
async function showServiceLogs(dir) {
  let files = [];
  try {
    files = fs.readdirSync(dir).filter((f) => f.endsWith('.log'));
  } catch {
    return;
  }
  const clean = (l) => {
    const plain = l.replace(/\x1b\[[0-9;]*m/g, '');
    return plain.length > 300 ? `${plain.slice(0, 300)}…` : plain;
  };
  const tails = await Promise.all(
    files.map(async (f) => {
      const lines = (await tailFile(path.join(dir, f), 80)).split('\n');
      // After the last JSON log line; stack frames and Nest's plain start-up lines say nothing about the failure.
      const report = lines
        .slice(lines.findLastIndex((l) => l.startsWith('{')) + 1)
        .filter((l) => l.trim() && !/^\s+at /.test(l) && !/\sLOG \[/.test(l));
      return { file: path.join(dir, f), lines, report: report.some((l) => /Error\b/.test(l)) ? report : [] };
    }),
  );
  const failing = tails.filter((t) => t.report.length);
  for (const { file, report } of failing) process.stdout.write(`--- ${file} ends with ---\n${report.slice(0, 20).map(clean).join('\n')}\n`);
  if (!failing.length)
    for (const { file, lines } of tails) process.stdout.write(`--- ${file} (last lines) ---\n${lines.slice(-5).map(clean).join('\n')}\n`);
  process.stdout.write('\n');
}

// ---------------------------------------------------------------- processes left behind

/** Processes (other than this one) whose command line mentions the rehearsal folder or that run inside it. */
function processesUnder(dir) {
  const found = [];
  for (const e of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(e) || Number(e) === process.pid) continue;
    const pid = Number(e);
    let cwd = '';
    try {
      cwd = fs.readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      /* gone, or not ours to read */
    }
    const cmd = cmdlineOf(pid);
    if ((cmd.includes(dir) || cwd === dir || cwd.startsWith(`${dir}/`)) && pidAlive(pid)) found.push({ pid, cmd: cmd.slice(0, 160) });
  }
  return found;
}

// ---------------------------------------------------------------- main

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.help) {
    console.log(USAGE);
    return 0;
  }
  const head = git('rev-parse', 'HEAD').stdout.trim();
  if (!head) throw new Error(`not a git repository with a commit: ${repoRoot}`);
  const subject = git('log', '-1', '--format=%h %s')
    .stdout.trim()
    .replace(/^(.{90}).+$/, '$1…');
  const dirty = git('status', '--porcelain').stdout.split('\n').filter(Boolean);

  const tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'abide-cold-start-')));
  const dirs = {
    clone: path.join(tmp, 'clone'),
    cache: path.join(tmp, 'cache'),
    go: path.join(tmp, 'go'),
    logs: path.join(tmp, 'logs'),
  };
  fs.mkdirSync(dirs.logs, { recursive: true });
  const logOf = (name) => path.join(dirs.logs, `${name}.log`);

  // A brand-new machine: empty engine cache, empty Go caches (unless reused), ports clear of anything running here.
  const env = cleanEnv();
  for (const k of Object.keys(env)) if (/^(ABIDE_|E2E_)/.test(k) || k === 'CI') delete env[k];
  Object.assign(env, { ABIDE_CACHE_DIR: dirs.cache, ABIDE_PORT_OFFSET: String(opts.portOffset) });
  if (!opts.reuseGoCache) {
    // -modcacherw: Go makes its module cache read-only, which would make the temporary folder hard to remove.
    Object.assign(env, {
      GOCACHE: path.join(dirs.go, 'build'),
      GOMODCACHE: path.join(dirs.go, 'mod'),
      GOFLAGS: `${env.GOFLAGS ?? ''} -modcacherw`.trim(),
    });
  }

  say(`rehearsing ${head} (${subject})`);
  if (dirty.length && !opts.workingTree)
    say(
      `WARNING: ${dirty.length} uncommitted change(s) in ${repoRoot} are NOT part of this rehearsal (it clones HEAD; --working-tree adds them)`,
    );
  say(`temporary folder: ${tmp}`);
  say(`ports shifted by ${opts.portOffset} (web ${5173 + opts.portOffset}, Kafka ${9092 + opts.portOffset}); engine cache ${dirs.cache}`);
  say(
    opts.reuseGoCache
      ? 'Go caches: this machine’s (--reuse-go-cache); npm and Maven caches in $HOME are reused too'
      : `Go caches: fresh in ${dirs.go}; npm and Maven caches in $HOME are reused`,
  );

  const rows = []; // { step, seconds, ok, result }
  const record = (step, seconds, ok, result) => {
    rows.push({ step, seconds, ok, result });
    say(`${step}: ${ok ? 'ok' : 'FAILED'}${result ? ` (${result})` : ''}${seconds == null ? '' : `, ${seconds.toFixed(1)}s`}`);
    return ok;
  };
  const skip = (step, why) => rows.push({ step, seconds: null, ok: true, result: `skipped (${why})` });

  const onSignal = () => {
    if (interrupted) return say('still cleaning up; please wait');
    interrupted = true;
    say('interrupted: stopping the current step, then cleaning up');
    current?.interrupt();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  let cloned = false;
  try {
    await runSteps();
  } finally {
    await cleanUp();
  }
  return finishUp();

  async function runSteps() {
    // 1. the clone
    const t0 = Date.now();
    const clone = spawnSync('git', ['clone', '--no-local', '--quiet', repoRoot, dirs.clone], { encoding: 'utf8' });
    const checkout =
      clone.status === 0 && spawnSync('git', ['-C', dirs.clone, 'checkout', '--quiet', '--detach', head], { encoding: 'utf8' });
    fs.writeFileSync(
      logOf('1-clone'),
      `${clone.stdout ?? ''}${clone.stderr ?? ''}${checkout ? `${checkout.stdout}${checkout.stderr}` : ''}`,
    );
    cloned = clone.status === 0 && checkout?.status === 0;
    if (cloned && opts.workingTree) copyWorkingTree(dirs.clone);
    record(
      'git clone',
      secsSince(t0),
      cloned,
      cloned ? `${head.slice(0, 12)}${opts.workingTree ? ` + ${dirty.length} uncommitted change(s)` : ''}` : `see ${logOf('1-clone')}`,
    );
    if (!cloned) return;

    // A commit whose tools ignore ABIDE_PORT_OFFSET would take the default ports of the engines running here.
    const knowsOffset = ['tools/infra/engines.mjs', 'tools/stack/services.mjs'].every((f) =>
      fs.readFileSync(path.join(dirs.clone, f), 'utf8').includes('ABIDE_PORT_OFFSET'),
    );
    if (!knowsOffset && opts.portOffset !== 0) {
      record(
        'port offset',
        null,
        false,
        'this commit’s tools ignore ABIDE_PORT_OFFSET; rehearse with --port-offset 0 where nothing else runs',
      );
      return;
    }

    // 2a. npm install
    const install = await runStep('npm install', 'npm', ['install'], {
      env,
      cwd: dirs.clone,
      logFile: logOf('2-npm-install'),
      timeoutMs: TIMEOUTS.install,
    });
    if (!record('npm install', install.seconds, install.code === 0, exitText(install))) {
      await showTail(logOf('2-npm-install'));
      return;
    }

    // 2b, 2c. npm start, first (provisioning + start), then cached
    for (const [i, label] of ['npm start (first)', 'npm start (cached)'].entries()) {
      if (interrupted) break;
      await startOnce(label, i + 1, i === 0 ? TIMEOUTS.firstStart : TIMEOUTS.start);
    }

    // 2d. npm test
    if (opts.skipTest) skip('npm test', '--skip-test');
    else if (!interrupted) {
      let summary = '';
      const test = await runStep('npm test', 'npm', ['test'], {
        env: { ...env, CI: 'true' },
        cwd: dirs.clone,
        logFile: logOf('5-npm-test'),
        timeoutMs: TIMEOUTS.test,
        onLine: (line) => {
          if (/^\d+ passed, \d+ failed/.test(line.trim())) summary = line.trim();
          if (/^=== .* ===$/.test(line.trim())) say(`npm test: ${line.trim().replace(/^=== | ===$/g, '')}`);
        },
      });
      const ok = test.code === 0 && !test.timedOut;
      record(
        'npm test',
        test.seconds,
        ok,
        interrupted
          ? 'interrupted (Ctrl-C)'
          : `${summary || 'no "N passed, N failed" line'}; ${test.timedOut ? 'timed out' : exitText(test)}`,
      );
      if (!ok) await showTail(logOf('5-npm-test'), 40);
    }
  }

  async function startOnce(label, n, timeoutMs) {
    let url = null;
    let urlAt = null;
    let crash = null;
    const logFile = logOf(`${2 + n}-npm-start-${n === 1 ? 'first' : 'cached'}`);
    const res = await runStep(label, 'npm', ['start'], {
      env,
      cwd: dirs.clone,
      logFile,
      echo: true,
      tag: `start#${n}`,
      timeoutMs,
      onLine: (line, step) => {
        const open = /^\s*Open:\s+(\S+)/.exec(line);
        if (open && !url) {
          url = open[1];
          urlAt = step.elapsed();
          say(`${label}: ${url} after ${urlAt.toFixed(1)}s; watching ${SETTLE_MS / 1000}s, then Ctrl-C`);
          setTimeout(() => step.interrupt(), SETTLE_MS).unref();
        }
        if (url && /exited unexpectedly/.test(line)) crash = line.trim();
      },
    });
    const stopped = res.killed
      ? `did not stop within ${CTRL_C_GRACE_MS / 1000}s of Ctrl-C (killed)`
      : `Ctrl-C stopped it in ${res.stopSeconds?.toFixed(1)}s (${exitText(res)})`;
    if (url && !crash && !res.killed) return record(label, urlAt, true, `${url}; ${stopped}`);
    const why = interrupted
      ? 'interrupted (Ctrl-C)'
      : !url
        ? `${res.timedOut ? `no URL within ${timeoutMs / MIN} min` : `ended before printing the URL (${exitText(res)})`}`
        : crash
          ? `URL shown, then: ${crash}`
          : stopped;
    record(label, urlAt ?? res.seconds, false, why);
    if (interrupted) return false;
    await showTail(logFile, 30);
    await showServiceLogs(path.join(dirs.clone, 'tmp', 'logs', 'dev'));
    return false;
  }

  async function cleanUp() {
    // 2e. always: stop the rehearsal's engines, then make sure nothing of it is still running.
    if (cloned && fs.existsSync(path.join(dirs.cache, 'run'))) {
      const down = await runStep('infra:down', 'npm', ['run', 'infra:down'], {
        env,
        cwd: dirs.clone,
        logFile: logOf('6-infra-down'),
        timeoutMs: TIMEOUTS.down,
      });
      if (!record('infra:down', down.seconds, down.code === 0, exitText(down))) await showTail(logOf('6-infra-down'), 20);
    }
    const left = processesUnder(tmp);
    if (left.length) {
      for (const p of left) say(`left running: pid ${p.pid} ${p.cmd}`);
      for (const p of left) signalPid(p.pid, 'SIGTERM');
      for (let i = 0; i < 50 && left.some((p) => pidAlive(p.pid)); i++) await sleep(200);
      for (const p of left.filter((x) => pidAlive(x.pid))) signalPid(p.pid, 'SIGKILL');
    }
    record('no process left', null, left.length === 0, left.length ? `${left.length} were still running (stopped now)` : 'none');
    keepLogs();
    if (!opts.keep) removeAllBut(rows.every((r) => r.ok) ? [] : ['logs']);
  }

  /** Service and engine logs live in the clone and the cache: copy them next to the step logs before removal. */
  function keepLogs() {
    const copy = (src, dst) => fs.existsSync(src) && fs.cpSync(src, dst, { recursive: true });
    try {
      copy(path.join(dirs.clone, 'tmp', 'logs'), path.join(dirs.logs, 'services'));
      const run = path.join(dirs.cache, 'run');
      for (const engine of fs.existsSync(run) ? fs.readdirSync(run) : []) {
        const dir = path.join(run, engine);
        if (!fs.statSync(dir).isDirectory() || engine.startsWith('.')) continue;
        for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.log')))
          copy(path.join(dir, f), path.join(dirs.logs, 'engines', engine, f));
      }
    } catch (err) {
      say(`could not copy every log: ${err.message}`);
    }
  }

  function removeAllBut(keep) {
    for (const entry of fs.readdirSync(tmp)) {
      if (keep.includes(entry)) continue;
      const p = path.join(tmp, entry);
      try {
        fs.rmSync(p, { recursive: true, force: true });
      } catch {
        spawnSync('chmod', ['-R', 'u+w', p]); // a read-only Go module cache
        fs.rmSync(p, { recursive: true, force: true });
      }
    }
    if (!keep.length) fs.rmSync(tmp, { recursive: true, force: true });
  }

  function finishUp() {
    const failed = rows.some((r) => !r.ok);
    const table = [
      ['STEP', 'SECONDS', 'RESULT'],
      ...rows.map((r) => [r.step, r.seconds == null ? '-' : r.seconds.toFixed(1), `${r.ok ? '' : 'FAILED: '}${r.result}`]),
    ];
    const w = [0, 1].map((i) => Math.max(...table.map((row) => row[i].length)));
    process.stdout.write(`\nCold-start rehearsal of ${subject} (took ${Math.round(secsSince(started))}s)\n\n`);
    for (const [s, sec, res] of table) process.stdout.write(`  ${s.padEnd(w[0])}  ${sec.padStart(w[1])}  ${res}\n`);
    const where = !fs.existsSync(tmp)
      ? 'Temporary folder removed.'
      : opts.keep
        ? `Temporary folder kept: ${tmp} (step logs in ${dirs.logs})`
        : `Step, service and engine logs kept in ${dirs.logs} (the rest of ${tmp} is removed)`;
    process.stdout.write(`\n${where}\n`);
    return interrupted ? 130 : failed ? 1 : 0;
  }
}

function signalPid(pid, sig) {
  try {
    process.kill(pid, sig);
  } catch {
    /* gone */
  }
}

/** --working-tree: the repository's uncommitted changes (modified, deleted, untracked) applied over the clone. */
function copyWorkingTree(clone) {
  const list = (...args) =>
    git(...args)
      .stdout.split('\0')
      .filter(Boolean);
  const paths = [...list('diff', '--name-only', '--no-renames', '-z', 'HEAD'), ...list('ls-files', '--others', '--exclude-standard', '-z')];
  for (const rel of new Set(paths)) {
    const src = path.join(repoRoot, rel);
    const dst = path.join(clone, rel);
    if (fs.existsSync(src)) {
      fs.mkdirSync(path.dirname(dst), { recursive: true });
      fs.cpSync(src, dst);
    } else fs.rmSync(dst, { force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`\n${err?.message ?? err}`);
    process.exit(2);
  },
);
