// What a FerretDB build costs per operation, to compare builds on one machine in one run:
//   node tools/infra/ferretdb/bench.mjs old=mongodb://127.0.0.1:28577 new=mongodb://127.0.0.1:28587 \
//     [--seconds 5] [--repeat 3] [--throughput-only]
// 1. updateOne by _id ($inc of a random document of 1,000): one client one at a time, then 2 clients x 50 in flight;
//    the targets take turns, --repeat times, and the median is shown (a shared machine's load comes and goes).
// 2. On a 10,000-document collection: findOne, updateOne and findOneAndUpdate by {_id}, {_id, revision} and
//    {_id, 'field.sub': {$lt: n}} (is the _id equality served from the index when the filter has other fields?).
// Each target gets its own scratch database, dropped at the end. Not a test: prints a table.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { MongoClient } = require('mongoose').mongo;

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const seconds = option('--seconds', 5);
const repeat = option('--repeat', 3);
const throughputOnly = args.includes('--throughput-only');
const targets = args.filter((a) => a.includes('=')).map((a) => a.split(/=(.*)/s).slice(0, 2));
// The engines' process ids, in the targets' order: then each throughput also shows the engine's CPU time per operation,
// which a busy machine disturbs much less than operations per second.
const pids = args.includes('--pids') ? args[args.indexOf('--pids') + 1].split(',').map(Number) : [];
if (!targets.length) {
  console.error('usage: bench.mjs label=mongodb://host:port [label=url …] [--seconds N] [--repeat N] [--throughput-only]');
  process.exit(2);
}

const idOf = (i) => `doc-${String(i).padStart(6, '0')}`;
const rnd = (n) => Math.floor(Math.random() * n);
const middle = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function seed(coll, n) {
  await coll.deleteMany({});
  for (let i = 0; i < n; i += 1000) {
    const docs = [];
    for (let j = i; j < Math.min(n, i + 1000); j++) docs.push({ _id: idOf(j), revision: 0, n: 0, field: { sub: 0 } });
    await coll.insertMany(docs, { ordered: false });
  }
}

/** CPU milliseconds (user + system) process `pid` has used so far (Linux /proc; clock ticks of 10 ms). */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** Operations per second of `op` for `seconds`, `inFlight` at a time on each client (and the engine's CPU ms per op). */
async function throughput(colls, inFlight, op, pid) {
  const until = Date.now() + seconds * 1000;
  let done = 0;
  const worker = async (c) => {
    while (Date.now() < until) {
      await op(c);
      done++;
    }
  };
  const t0 = Date.now();
  const cpu0 = pid ? cpuMs(pid) : 0;
  await Promise.all(colls.flatMap((c) => Array.from({ length: inFlight }, () => worker(c))));
  return { perSecond: Math.round(done / ((Date.now() - t0) / 1000)), cpuPerOp: pid ? (cpuMs(pid) - cpu0) / done : undefined };
}

/** Median milliseconds of `op`, run one at a time `times` times. */
async function median(times, op) {
  const ms = [];
  for (let i = 0; i < times; i++) {
    const t0 = process.hrtime.bigint();
    await op(i);
    ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return middle(ms).toFixed(2);
}

const dbName = `ferretdb_bench_${Date.now().toString(36)}`;
const setups = targets.map(([label, url]) => {
  const clients = [new MongoClient(url, { maxPoolSize: 60 }), new MongoClient(url, { maxPoolSize: 60 })];
  return {
    label,
    clients,
    small: clients.map((c) => c.db(dbName).collection('small')),
    pid: pids[targets.findIndex((t) => t[0] === label)],
  };
});
const results = new Map(); // "label|measure" -> values
const record = (label, measure, value) => results.set(`${label}|${measure}`, [...(results.get(`${label}|${measure}`) ?? []), value]);
const measures = [];
const measure = (name) => (measures.includes(name) ? name : (measures.push(name), name));

try {
  for (const s of setups) await seed(s.small[0], 1000);
  const inc = (c) => c.updateOne({ _id: idOf(rnd(1000)) }, { $inc: { n: 1 } });
  for (let r = 0; r < repeat; r++) {
    for (const s of setups) {
      for (const [what, colls, inFlight] of [
        ['1 client x 1', [s.small[0]], 1],
        ['2 clients x 50', s.small, 50],
      ]) {
        const { perSecond, cpuPerOp } = await throughput(colls, inFlight, inc, s.pid);
        record(s.label, measure(`updateOne by _id, ${what} (ops/s)`), perSecond);
        if (cpuPerOp !== undefined) record(s.label, measure(`updateOne by _id, ${what} (engine CPU ms/op)`), Number(cpuPerOp.toFixed(2)));
      }
    }
  }

  if (!throughputOnly) {
    for (const s of setups) {
      const big = s.clients[0].db(dbName).collection('big');
      await seed(big, 10_000);
      const filters = {
        '{_id}': (i) => ({ _id: idOf(i) }),
        '{_id, revision}': (i) => ({ _id: idOf(i), revision: 0 }),
        "{_id, 'field.sub': {$lt}}": (i) => ({ _id: idOf(i), 'field.sub': { $lt: 1 } }),
      };
      for (const [shape, filter] of Object.entries(filters)) {
        // Documents spread over the collection; the updates change nothing the filters test.
        const pick = () => rnd(10_000);
        record(s.label, measure(`findOne ${shape} (ms, median)`), await median(50, () => big.findOne(filter(pick()))));
        record(
          s.label,
          measure(`updateOne ${shape} (ms, median)`),
          await median(50, () => big.updateOne(filter(pick()), { $inc: { n: 1 } })),
        );
        record(
          s.label,
          measure(`findOneAndUpdate ${shape} (ms, median)`),
          await median(50, () => big.findOneAndUpdate(filter(pick()), { $inc: { n: 1 } })),
        );
      }
    }
  }
} finally {
  for (const s of setups) {
    await s.clients[0]
      .db(dbName)
      .dropDatabase()
      .catch(() => undefined);
    await Promise.all(s.clients.map((c) => c.close()));
  }
}

const labels = targets.map(([l]) => l);
const table = measures.map((m) => [
  m,
  ...labels.map((l) => {
    const vs = results.get(`${l}|${m}`) ?? [];
    return vs.length > 1 ? `${middle(vs)} (${vs.join('/')})` : String(vs[0] ?? '');
  }),
]);
const head = ['measure', ...labels];
const widths = head.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
for (const r of [head, ...table]) console.log(r.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  '));
