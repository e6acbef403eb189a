// Live updates (docs/architecture.md "Live updates"): how soon a write reaches an open stream, and how many open
// streams one gateway holds on this machine.
//
// Latency: a group's leader holds a stream (GET /api/live, as the web app opens it); a member checks a habit in
// (then undoes it); the time from sending the write to the leader's stream receiving that group's change, and from
// the write's answer. Capacity: streams are opened in steps against the one gateway (with the leader's token; the
// bench stack allows any number per member), and at each step one check-in is pushed to all of them: the step
// holds when every stream is open and every one receives it (fan-out time: the write sent → the last stream got it).
// Ceiling: a bare Node server (a process of its own, like the gateway) holding the largest number held and writing
// the same message to each: its fan-out time is what reading that many streams here costs plus one loop of writes.
import { createParser } from 'eventsource-parser';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { request as httpRequest, Agent } from 'undici';
import { expectOk, request } from './api.mjs';
import { startMemorySampler } from './memory.mjs';

const TIMEOUT_MS = 30_000;

/** One open stream: the messages it got (event, data, when), and a way to wait for one. */
const openStream = async (url, token, agent) => {
  const controller = new AbortController();
  const res = await httpRequest(url, {
    headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    signal: controller.signal,
    dispatcher: agent,
  });
  if (res.statusCode !== 200) {
    await res.body.dump();
    throw new Error(`the stream answered ${res.statusCode}`);
  }
  const waiters = new Set();
  const stream = { changes: [], ready: false, closed: false, close: () => controller.abort() };
  const decoder = new TextDecoder();
  const parser = createParser({
    onEvent: (m) => {
      if (m.event === 'ready') stream.ready = true;
      if (m.event === 'change') stream.changes.push({ data: JSON.parse(m.data), at: performance.now() });
      for (const wake of [...waiters]) wake();
    },
  });
  res.body.on('data', (chunk) => parser.feed(decoder.decode(chunk, { stream: true })));
  res.body.on('error', () => (stream.closed = true));
  res.body.on('close', () => (stream.closed = true));
  /** Resolves the first change that matches (or true once `ready` came, for match 'ready'), or null after the timeout. */
  stream.until = (match, timeoutMs = TIMEOUT_MS) =>
    new Promise((resolve) => {
      const found = () => (match === 'ready' ? stream.ready || null : (stream.changes.find(match) ?? null));
      const check = () => {
        const hit = found();
        if (!hit) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(hit);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        resolve(null);
      }, timeoutMs);
      if (!check()) waiters.add(check);
    });
  stream.waitReady = () => stream.until('ready');
  return stream;
};

const groupChange = (groupId, after) => (c) => c.at >= after && c.data.change.kind === 'group' && c.data.change.groupId === groupId;
const today = () => new Date().toISOString().slice(0, 10);

const toggle = async (ctx, probe, completed) => {
  const sent = performance.now();
  const res = await request(ctx.apiUrl, 'POST', `/api/habits/${probe.habitId}/toggle`, {
    token: ctx.tokens.token(probe.m),
    body: { completed, date: today() },
  });
  return { sent, answered: performance.now(), status: res.status };
};

/** Leaves the probe's habit unchecked today (an interrupted run may have left it checked). */
const uncheck = async (ctx, probe) => {
  const habits = expectOk(await request(ctx.apiUrl, 'GET', '/api/habits', { token: ctx.tokens.token(probe.m) }), 'read habits');
  if (habits.find((h) => h.id === probe.habitId)?.completedOnDate) await toggle(ctx, probe, false);
};

/** `samples` check-ins and undos, round-robin over the probes: write → the leader's stream. */
export const measurePushLatency = async (ctx, probes, samples, say) => {
  const out = { fromSent: [], fromAnswered: [], lost: 0 };
  const agent = new Agent({ connections: 16 });
  const streams = new Map();
  try {
    for (const probe of probes) {
      const stream = await openStream(`${ctx.apiUrl}/api/live`, ctx.tokens.token(probe.leader), agent);
      await stream.waitReady();
      streams.set(probe.groupId, stream);
      await uncheck(ctx, probe);
    }
    for (let s = 0; s < samples; s++) {
      const probe = probes[s % probes.length];
      const stream = streams.get(probe.groupId);
      for (const completed of [true, false]) {
        const write = await toggle(ctx, probe, completed);
        if (write.status !== 200) {
          out.lost++;
          continue;
        }
        const pushed = await stream.until(groupChange(probe.groupId, write.sent));
        if (!pushed) {
          out.lost++;
          continue;
        }
        out.fromSent.push(Number((pushed.at - write.sent).toFixed(1)));
        out.fromAnswered.push(Number(Math.max(0, pushed.at - write.answered).toFixed(1)));
        // The undo's change must not be taken for this one's: let the figures settle.
        await new Promise((r) => setTimeout(r, 50));
      }
      if ((s + 1) % 10 === 0) say(`push latency: ${s + 1}/${samples} samples`);
    }
  } finally {
    for (const stream of streams.values()) stream.close();
    await agent.destroy().catch(() => undefined);
  }
  return out;
};

/** The ceiling: a bare Node server in a process of its own (bare-sse-server.mjs) holding streams and broadcasting. */
const bareSseServer = async () => {
  const child = spawn(process.execPath, [fileURLToPath(new URL('./bare-sse-server.mjs', import.meta.url))], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = await once(child.stdout, 'data');
  const url = `http://127.0.0.1:${Number(String(line).trim())}/`;
  return {
    url,
    broadcast: (groupId) => fetch(`${url}?groupId=${groupId}`, { method: 'POST' }).then((r) => r.arrayBuffer()),
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
};

/** Opens `count` streams in batches; resolves the streams that opened and how many failed. */
const openMany = async (url, token, count, agent) => {
  const opened = [];
  let failed = 0;
  for (let i = 0; i < count; i += 200) {
    const batch = await Promise.allSettled(
      Array.from({ length: Math.min(200, count - i) }, async () => {
        const s = await openStream(url, token, agent);
        if (!(await s.waitReady())) throw new Error('not ready');
        return s;
      }),
    );
    for (const r of batch) r.status === 'fulfilled' ? opened.push(r.value) : failed++;
  }
  return { opened, failed };
};

/** Triggers one push and waits for it on every stream: how many got it, and when the last did (from the trigger). */
const fanOut = async (streams, trigger, groupId) => {
  const since = performance.now();
  await trigger();
  const arrivals = await Promise.all(streams.map((s) => s.until(groupChange(groupId, since))));
  const got = arrivals.filter(Boolean);
  const last = got.length ? Math.max(...got.map((c) => c.at)) : null;
  return { received: got.length, ms: last === null ? null : Number((last - since).toFixed(1)) };
};

/**
 * Streams in steps (`steps`, e.g. [250, 500, 1000, …]) against the gateway with one probe's leader token, each step
 * measured (all open? all got the push within 30 s? fan-out ms; the gateway's RSS), then the same for the bare server
 * at the largest step that held. Stops at the first step that does not hold.
 */
export const measureStreamCapacity = async (ctx, probe, steps, gatewayPid, say) => {
  const token = ctx.tokens.token(probe.leader);
  const agent = new Agent({ pipelining: 0 });
  const rows = [];
  let held = 0;
  const streams = [];
  const rss = () => Object.values(startMemorySampler({ gateway: gatewayPid }).stop())[0]?.peakMb ?? null;
  const baseMb = rss();
  await uncheck(ctx, probe);
  let completed = true;
  try {
    for (const target of steps) {
      const more = await openMany(`${ctx.apiUrl}/api/live`, token, target - streams.length, agent);
      streams.push(...more.opened);
      const open = streams.filter((s) => !s.closed);
      const push = await fanOut(
        open,
        async () => {
          await toggle(ctx, probe, completed);
          completed = !completed;
        },
        probe.groupId,
      );
      const row = {
        streams: target,
        open: open.length,
        failedToOpen: more.failed,
        received: push.received,
        fanOutMs: push.ms,
        gatewayMb: rss(),
      };
      rows.push(row);
      say(
        `open streams: ${row.open}/${target} open, ${row.received} got the push in ${row.fanOutMs ?? '–'} ms, gateway ${row.gatewayMb} MB`,
      );
      if (row.open < target || row.received < target) break;
      held = target;
    }
  } finally {
    for (const s of streams) s.close();
    if (!completed) await toggle(ctx, probe, false).catch(() => undefined);
  }
  let ceiling = null;
  if (held > 0) {
    const bare = await bareSseServer();
    try {
      const { opened } = await openMany(bare.url, null, held, agent);
      const groupId = 'ceiling';
      const push = await fanOut(opened, async () => bare.broadcast(groupId), groupId);
      ceiling = { streams: held, open: opened.length, received: push.received, fanOutMs: push.ms };
      for (const s of opened) s.close();
    } finally {
      await bare.stop();
    }
  }
  await agent.destroy().catch(() => undefined);
  return { steps: rows, held, baseMb, ceiling };
};
