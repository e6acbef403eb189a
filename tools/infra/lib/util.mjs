// Small helpers for tools/infra: processes, ports, probes, progress. Node standard library only.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import http from 'node:http';
import path from 'node:path';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export class InfraError extends Error {
  constructor(message, { engine, logFile, hint } = {}) {
    super(message);
    this.name = 'InfraError';
    this.engine = engine;
    this.logFile = logFile;
    this.hint = hint;
  }
}

// ---------- logging / progress ----------

export function makeLogger(quiet) {
  const t0 = Date.now();
  return {
    quiet,
    info: (msg) => {
      if (!quiet) process.stdout.write(`${msg}\n`);
    },
    warn: (msg) => process.stderr.write(`${msg}\n`),
    elapsed: () => Math.round((Date.now() - t0) / 1000),
  };
}

/**
 * Runs fn() while printing "<label>… Ns" every `every` ms, so long steps are never a silent wait; `note()` may add
 * what the step is doing now (e.g. "412 packages compiled").
 */
export async function withProgress(log, label, fn, every = 15000, note = () => '') {
  const t0 = Date.now();
  const secs = () => Math.round((Date.now() - t0) / 1000);
  log.info(`${label}…`);
  const timer = setInterval(() => {
    let detail = '';
    try {
      detail = note() || '';
    } catch {
      /* progress detail is best effort */
    }
    log.info(`${label}… ${secs()}s${detail ? ` (${detail})` : ''}`);
  }, every);
  try {
    const result = await fn();
    log.info(`${label}: done in ${secs()}s`);
    return result;
  } finally {
    clearInterval(timer);
  }
}

// ---------- files ----------

export async function exists(p) {
  try {
    await fsp.access(p);
    return true;
  } catch {
    return false;
  }
}

export async function readJson(p) {
  try {
    return JSON.parse(await fsp.readFile(p, 'utf8'));
  } catch {
    return null;
  }
}

export async function writeJson(p, value) {
  await fsp.mkdir(path.dirname(p), { recursive: true });
  const tmp = `${p}.${process.pid}.tmp`;
  await fsp.writeFile(tmp, `${JSON.stringify(value, null, 2)}\n`);
  await fsp.rename(tmp, p);
}

/**
 * The first lines of a log that name an error (a JVM's shutdown after a failed bind prints dozens of INFO lines after
 * the one that says why), at most `max`, read from the first MiB.
 */
export async function errorLines(p, max = 8) {
  try {
    const fh = await fsp.open(p, 'r');
    try {
      const buf = Buffer.alloc(Math.min((await fh.stat()).size, 1024 * 1024));
      await fh.read(buf, 0, buf.length, 0);
      return buf
        .toString('utf8')
        .split('\n')
        .filter((l) => /\b(ERROR|FATAL|fatal|panic)\b|Exception:|address already in use/i.test(l))
        .slice(0, max);
    } finally {
      await fh.close();
    }
  } catch {
    return [];
  }
}

export async function tailFile(p, lines = 30) {
  try {
    const fh = await fsp.open(p, 'r');
    try {
      const { size } = await fh.stat();
      const len = Math.min(size, 64 * 1024);
      const buf = Buffer.alloc(len);
      await fh.read(buf, 0, len, size - len);
      return buf
        .toString('utf8')
        .split('\n')
        .filter((l, i, a) => i < a.length - 1 || l)
        .slice(-lines)
        .join('\n');
    } finally {
      await fh.close();
    }
  } catch {
    return '(no log yet)';
  }
}

export function hashFiles(files) {
  const h = createHash('sha256');
  for (const f of files) {
    h.update(path.basename(f));
    h.update('\0');
    h.update(fs.readFileSync(f));
    h.update('\0');
  }
  return h.digest('hex').slice(0, 12);
}

// ---------- commands ----------

/** Env without the npm_* variables `npm run` injects (they would leak into child npm/go calls). */
export function cleanEnv(extra = {}) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^npm_(package|lifecycle)_/i.test(k)) continue;
    if (/^npm_config_(prefix|local_prefix|global|workspaces?|include_workspace_root)$/i.test(k)) continue;
    env[k] = v;
  }
  return { ...env, ...extra };
}

/** Runs a command to completion, output appended to logFile. Rejects with the log tail on failure. */
export function run(cmd, args, { cwd, env, logFile, engine } = {}) {
  return new Promise((resolve, reject) => {
    let fd = 'ignore';
    if (logFile) {
      fs.mkdirSync(path.dirname(logFile), { recursive: true });
      fd = fs.openSync(logFile, 'a');
      fs.writeSync(fd, `\n=== ${new Date().toISOString()} $ ${cmd} ${args.join(' ')}\n`);
    }
    const child = spawn(cmd, args, { cwd, env: env ?? cleanEnv(), stdio: ['ignore', fd, fd] });
    if (typeof fd === 'number') fs.closeSync(fd);
    child.on('error', (err) => reject(new InfraError(`${engine ?? cmd}: cannot run ${cmd}: ${err.message}`, { engine, logFile })));
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new InfraError(`${engine ?? cmd}: \`${cmd} ${args.join(' ')}\` failed (${signal ?? `exit ${code}`})`, {
            engine,
            logFile,
          }),
        );
    });
  });
}

export function commandOutput(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: cleanEnv(), timeout: 30000 });
  if (r.error?.code === 'ENOENT') return null;
  return `${r.stdout ?? ''}${r.stderr ?? ''}`;
}

export function which(cmd) {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (!dir) continue;
    const p = path.join(dir, cmd);
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return p;
    } catch {
      /* next */
    }
  }
  return null;
}

// ---------- processes ----------

export function pidAlive(pid) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
  } catch (err) {
    return err.code === 'EPERM';
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return true; // no /proc: trust kill(0)
  }
}

export function cmdlineOf(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return '';
  }
}

export function groupAlive(pgid) {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Pids of the processes whose process group is pgid (from /proc). */
export function groupMembers(pgid) {
  const out = [];
  let entries = [];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return out;
  }
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${e}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // rest: state ppid pgrp ...
      if (Number(rest[2]) === pgid && rest[0] !== 'Z') out.push(Number(e));
    } catch {
      /* gone */
    }
  }
  return out;
}

/**
 * Sends `first` (SIGTERM) to the whole process group, SIGKILL after graceMs; resolves when no member is left.
 * first = 'SIGKILL' kills at once, with no chance to shut down cleanly (crash tests).
 */
export async function killGroup(pgid, graceMs, first = 'SIGTERM') {
  const signal = (sig) => {
    try {
      process.kill(-pgid, sig);
    } catch {
      /* already gone */
    }
  };
  if (!groupAlive(pgid)) return 'gone';
  signal(first);
  const deadline = first === 'SIGKILL' ? 0 : Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (!groupAlive(pgid) || groupMembers(pgid).length === 0) return 'terminated';
    await sleep(150);
  }
  signal('SIGKILL');
  for (let i = 0; i < 50; i++) {
    if (!groupAlive(pgid) || groupMembers(pgid).length === 0) return 'killed';
    await sleep(100);
  }
  return 'stuck';
}

/** Starts cmd detached in its own process group (setsid), output to logFile. Returns the pid. */
export function spawnDetached(cmd, args, { cwd, env, logFile }) {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  try {
    if (fs.statSync(logFile).size > 20 * 1024 * 1024) fs.truncateSync(logFile, 0);
  } catch {
    /* new file */
  }
  const fd = fs.openSync(logFile, 'a');
  fs.writeSync(fd, `\n=== ${new Date().toISOString()} starting: ${cmd} ${args.join(' ')}\n`);
  const child = spawn(cmd, args, { cwd, env, detached: true, stdio: ['ignore', fd, fd] });
  fs.closeSync(fd);
  return new Promise((resolve, reject) => {
    child.once('error', (err) => reject(err));
    child.once('spawn', () => {
      child.unref();
      resolve(child.pid);
    });
  });
}

// ---------- ports ----------

export function tcpConnect(port, host = '127.0.0.1', timeoutMs = 1000) {
  return new Promise((resolve) => {
    const sock = net.connect({ port, host });
    const done = (ok) => {
      sock.destroy();
      resolve(ok);
    };
    sock.setTimeout(timeoutMs, () => done(false));
    sock.once('connect', () => done(true));
    sock.once('error', () => done(false));
  });
}

/**
 * Sends `request` over TCP and resolves with the bytes received once isComplete(buf), or null at the timeout. Given an
 * array, sends each request once the previous response is complete and resolves with the responses.
 */
export function tcpExchange(port, request, isComplete, timeoutMs = 2000, host = '127.0.0.1') {
  const requests = Array.isArray(request) ? request : [request];
  return new Promise((resolve) => {
    const sock = net.connect({ port, host });
    const responses = [];
    let buf = Buffer.alloc(0);
    const done = (v) => {
      sock.destroy();
      resolve(v);
    };
    sock.setTimeout(timeoutMs, () => done(null));
    sock.once('error', () => done(null));
    sock.once('connect', () => sock.write(requests[0]));
    sock.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      if (!isComplete(buf)) return;
      responses.push(buf);
      buf = Buffer.alloc(0);
      if (responses.length === requests.length) done(Array.isArray(request) ? responses : responses[0]);
      else sock.write(requests[responses.length]);
    });
    sock.once('end', () => done(!Array.isArray(request) && buf.length ? buf : null));
  });
}

export function httpStatus(url, { method = 'GET', timeoutMs = 2000 } = {}) {
  return new Promise((resolve) => {
    const req = http.request(url, { method, timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
    req.end();
  });
}

/** Which process listens on a TCP port (from /proc/net/tcp*): { pid, command } or null / { pid: null }. */
export function portOwner(port) {
  const inodes = new Set();
  for (const f of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = fs.readFileSync(f, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10) continue;
      const localPort = parseInt(cols[1].split(':')[1], 16);
      if (localPort === port && cols[3] === '0A') inodes.add(cols[9]);
    }
  }
  if (inodes.size === 0) return null;
  for (const e of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    let fds = [];
    try {
      fds = fs.readdirSync(`/proc/${e}/fd`);
    } catch {
      continue;
    }
    for (const fdName of fds) {
      try {
        const link = fs.readlinkSync(`/proc/${e}/fd/${fdName}`);
        const m = /^socket:\[(\d+)\]$/.exec(link);
        if (m && inodes.has(m[1])) return { pid: Number(e), command: cmdlineOf(Number(e)).slice(0, 200) };
      } catch {
        /* gone */
      }
    }
  }
  return { pid: null, command: null };
}

export function versionAtLeast(have, want) {
  const a = have.split(/[.-]/).map((x) => parseInt(x, 10) || 0);
  const b = want.split(/[.-]/).map((x) => parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  return true;
}
