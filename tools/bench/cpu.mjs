// Where the CPU goes while a scenario runs, at two depths:
// - per process (always): the CPU time each service, FerretDB and Kafka used during the measured phase, read from
//   /proc, in cores (1.0 = one core busy the whole phase), next to what the whole machine used;
// - per function (--cpu-profile): V8's sampling profiler in each service, started and stopped around the same phase
//   through the inspector protocol (the services run with --inspect on loopback), summarised by area (a package,
//   an app or lib folder, Node's internals, the garbage collector) and by function. The raw profiles are kept for
//   Chrome DevTools.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';

let ticksPerSecond;
const clockTicks = () => {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
};

/** User + system CPU seconds a process has used so far (null once it is gone). */
const cpuSecondsOf = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces) start past its closing parenthesis; utime and stime are 14, 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks();
  } catch {
    return null;
  }
};

/** The machine's busy and total CPU seconds so far, over all cores (/proc/stat's first line); null without /proc. */
const machineSeconds = () => {
  let line;
  try {
    line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
  } catch {
    return null;
  }
  const [, ...values] = line.trim().split(/\s+/).map(Number);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = values;
  const busy = user + nice + system + irq + softirq + steal;
  return { busy: busy / clockTicks(), total: (busy + idle + iowait) / clockTicks() };
};

/**
 * Starts measuring the processes' CPU; `stop()` gives each one's use in cores over the phase, the machine's busy
 * cores, and `other`: what the machine used beyond the named processes (k6, this script, anything else running).
 * @param {Record<string, number>} pids name → pid
 */
export const cpuWindow = (pids) => {
  const startedAt = process.hrtime.bigint();
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuSecondsOf(pid)]));
  const machineBefore = machineSeconds();
  return {
    stop: () => {
      const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
      const cores = {};
      for (const [name, pid] of Object.entries(pids)) {
        const after = cpuSecondsOf(pid);
        if (after !== null && before[name] !== null) cores[name] = round2((after - before[name]) / seconds);
      }
      const machineAfter = machineSeconds();
      if (!machineBefore || !machineAfter) return { seconds: round2(seconds), cores, machine: null, other: null };
      const machineBusy = (machineAfter.busy - machineBefore.busy) / seconds;
      const named = Object.values(cores).reduce((a, b) => a + b, 0);
      return { seconds: round2(seconds), cores, machine: round2(machineBusy), other: round2(Math.max(0, machineBusy - named)) };
    },
  };
};

const round2 = (x) => Math.round(x * 100) / 100;

/** One inspector session (Chrome DevTools protocol over a WebSocket) with a service run with --inspect. */
class InspectorSession {
  constructor(socket) {
    this.socket = socket;
    this.nextId = 1;
    this.pending = new Map();
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      if (message.error) waiter.reject(new Error(message.error.message));
      else waiter.resolve(message.result);
    });
  }

  static async open(port) {
    const targets = await (await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(5000) })).json();
    const url = targets[0]?.webSocketDebuggerUrl;
    if (!url) throw new Error(`no inspector target on port ${port}`);
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return new InspectorSession(socket);
  }

  send(method, params = {}) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  close() {
    this.socket.close();
  }
}

/**
 * V8's sampling profiler in each service, around one phase at a time: `start()`, then `stop()` gives name →
 * profile (the .cpuprofile shape DevTools opens).
 * @param {Record<string, number>} inspectPorts service name → its inspector port
 */
export const openProfilers = async (inspectPorts) => {
  const sessions = {};
  for (const [name, port] of Object.entries(inspectPorts)) {
    sessions[name] = await InspectorSession.open(port);
    await sessions[name].send('Profiler.enable');
    // 500 µs: fine enough for requests of a few milliseconds, light enough not to change what it measures much.
    await sessions[name].send('Profiler.setSamplingInterval', { interval: 500 });
  }
  return {
    start: () => Promise.all(Object.values(sessions).map((s) => s.send('Profiler.start'))),
    stop: async () => {
      const profiles = {};
      for (const [name, session] of Object.entries(sessions)) profiles[name] = (await session.send('Profiler.stop')).profile;
      return profiles;
    },
    close: () => Object.values(sessions).forEach((s) => s.close()),
  };
};

/** What part of the code a frame belongs to: a package, an app or lib folder, Node itself, or V8's own work. */
export const areaOf = ({ functionName, url }) => {
  if (!url) {
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(garbage collector)') return 'garbage collection';
    if (functionName === '(program)') return 'native (program)';
    return 'native';
  }
  if (url.startsWith('node:'))
    return 'node:' + (url.slice(5).startsWith('internal/') ? url.slice(14).split('/')[0] : url.slice(5).split('/')[0]);
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg) return pkg[1];
  const own = /\/((?:apps|libs)\/[^/]+)\//.exec(url);
  if (own) return own[1];
  return 'other';
};

/** Whether a frame is the code that asked for the work (a package or our own code), not Node or V8 beneath it. */
const isCaller = ({ url }) => Boolean(url) && !url.startsWith('node:');

/**
 * A profile's time by area and by function (self time: where the CPU was when sampled), idle left out; `busyMs`
 * is the sampled time not idle. Time in Node's internals or native code (a socket write, a hash) counts for the
 * code that called it, named `via <area>`: the nearest package or app frame above it. So a log line's write counts
 * for the logger and a query's for the driver.
 */
export const summarizeProfile = (profile, top = 8) => {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parents.set(child, n.id);
  const callerArea = (id) => {
    for (let at = parents.get(id); at !== undefined; at = parents.get(at)) {
      const frame = nodes.get(at).callFrame;
      if (isCaller(frame)) return areaOf(frame);
    }
    return null;
  };
  const self = new Map();
  // A sample's weight is the time until the next one (the last takes the interval before it).
  for (let i = 0; i < profile.samples.length; i++) {
    const weight = profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + weight);
  }
  const areas = new Map();
  const functions = new Map();
  let busy = 0;
  for (const [id, micros] of self) {
    const frame = nodes.get(id).callFrame;
    const own = areaOf(frame);
    if (own === 'idle') continue;
    const caller = isCaller(frame) || own === 'garbage collection' || own === 'native (program)' ? null : callerArea(id);
    const area = caller ? `via ${caller}` : own;
    busy += micros;
    areas.set(area, (areas.get(area) ?? 0) + micros);
    const file = frame.url ? frame.url.replace(/^.*\/(node_modules|apps|libs)\//, '$1/').replace(/^file:\/\//, '') : '';
    const label = `${frame.functionName || '(anonymous)'}${file ? ` ${file}:${frame.lineNumber + 1}` : ''}${caller ? ` (via ${caller})` : ''}`;
    functions.set(label, (functions.get(label) ?? 0) + micros);
  }
  const ranked = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => ({ name, ms: Math.round(micros / 1000), share: busy ? round2(micros / busy) : 0 }));
  return { busyMs: Math.round(busy / 1000), areas: ranked(areas), functions: ranked(functions) };
};
