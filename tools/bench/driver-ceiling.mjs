// The driver ceiling (tools/bench/ceilings.mjs): the raw MongoDB driver against FerretDB, `concurrency` loops for
// `seconds`, each doing findOne({_id}) of a random document (reads) or insertOne of a new one (writes).
//   node tools/bench/driver-ceiling.mjs <mongo-url> <db> findOne|insertOne shaped|flat <doc.json> <concurrency> <seconds>
// Prints one JSON line: { mode, shape, bytes, concurrency, seconds, ops, rps, p50, p95, p99, errors }.
import { readFileSync } from 'node:fs';
import { MongoClient, ObjectId } from 'mongodb';

const [url, dbName, mode, shape, docFile, concurrencyArg, secondsArg] = process.argv.slice(2);
const document = JSON.parse(readFileSync(docFile, 'utf8'));
const concurrency = Number(concurrencyArg);
const seconds = Number(secondsArg);
const bytes = Buffer.byteLength(JSON.stringify(document));
const client = new MongoClient(url, { maxPoolSize: concurrency + 2 });
await client.connect();
const collection = client.db(dbName).collection(`${mode}_${shape}_${bytes}`);
await collection.drop().catch(() => undefined);

// Reads pick among as many documents as a scenario has members, so the answer never comes from one hot row.
const ids = [];
if (mode === 'findOne') {
  const docs = Array.from({ length: 200 }, () => ({ _id: new ObjectId().toHexString(), ...document }));
  for (let i = 0; i < docs.length; i += 50) await collection.insertMany(docs.slice(i, i + 50));
  ids.push(...docs.map((d) => d._id));
  // Warm up the connections and the engine.
  for (let i = 0; i < concurrency * 2; i++) await collection.findOne({ _id: ids[i % ids.length] });
}

const latencies = [];
let errors = 0;
const started = performance.now();
const deadline = started + seconds * 1000;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        if (mode === 'findOne') {
          const found = await collection.findOne({ _id: ids[Math.floor(Math.random() * ids.length)] });
          if (!found) errors++;
        } else {
          await collection.insertOne({ _id: new ObjectId().toHexString(), ...document });
        }
        latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const q = (p) => (latencies.length ? Number(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(2)) : null);
await collection.drop().catch(() => undefined);
await client.close();
process.stdout.write(
  `${JSON.stringify({ mode, shape, bytes, concurrency, seconds: Number(elapsed.toFixed(2)), ops: latencies.length, rps: Number((latencies.length / elapsed).toFixed(1)), p50: q(0.5), p95: q(0.95), p99: q(0.99), errors })}\n`,
);
