// Bulk onboarding (docs/member-imports.md): a church admin imports a list of `rows` new people (5,000, the most a file
// may hold); the figure is the time from sending the upload to the import being done (every row checked, claimed,
// invited and reported; the e-mails go out apart from it). The target is under a minute on this machine.
// Ceiling, same run and machine: the least database work such an import needs, done with the raw driver on the same
// FerretDB (per row one keyed read, one claim and one invitation inserted 250 at a time, one address entry; one
// report document per 250 rows). The import is undone at the end, so its pending invitations send nothing more.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { MongoClient } from 'mongodb';
import { expectOk, request } from './api.mjs';

const CHUNK = 250;

const csvOf = (rows, tag) =>
  ['name,email', ...Array.from({ length: rows }, (_, i) => `Bench Person ${i + 1},bench-${tag}-${i + 1}@bench.abide.local`)].join('\n') + '\n';

/** The raw driver doing the import's minimum database work for `rows` rows; resolves its seconds. */
const driverFloor = async ({ mongoUrl, db, rows }) => {
  const client = new MongoClient(mongoUrl, { maxPoolSize: 20 });
  await client.connect();
  const tag = randomUUID().slice(0, 8);
  const names = ['claims', 'invitations', 'addresses', 'reports'].map((n) => `bench_import_floor_${n}_${tag}`);
  const [claims, invitations, addresses, reports] = names.map((n) => client.db(db).collection(n));
  try {
    const started = performance.now();
    for (let from = 0; from < rows; from += CHUNK) {
      const ids = Array.from({ length: Math.min(CHUNK, rows - from) }, (_, i) => `bench-${tag}-${from + i}@bench.abide.local`);
      let next = 0;
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          while (next < ids.length) await addresses.findOne({ _id: ids[next++] });
        }),
      );
      await claims.insertMany(ids.map((id) => ({ _id: `church:${id}`, importId: tag, invitationId: randomUUID(), createdAt: new Date() })), { ordered: false });
      await invitations.insertMany(
        ids.map((id) => ({ _id: randomUUID(), importId: tag, email: id, name: 'Bench Person', tokenHash: 'x'.repeat(64), expiresAt: new Date(), sends: 1 })),
        { ordered: false },
      );
      await addresses.bulkWrite(ids.map((id) => ({ updateOne: { filter: { _id: id }, update: { $set: { entries: [{ importId: tag }] } }, upsert: true } })), {
        ordered: false,
      });
      await reports.insertOne({ _id: `${tag}:${from / CHUNK}`, rows: JSON.stringify(ids.map((email, row) => ({ row, email, outcome: 'created' }))) });
    }
    return (performance.now() - started) / 1000;
  } finally {
    for (const name of names) await client.db(db).collection(name).drop().catch(() => undefined);
    await client.close();
  }
};

/**
 * The import's daily limits (docs/member-imports.md) count per admin and church in Redis: a bench run measures the
 * import, not the limits, so it starts from none used today (its own namespace's counters only).
 */
const forgetDailyLimits = async (redisUrl, prefix) => {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:identity:member-import-quota:*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
};

/**
 * One import of `rows` new people by the seeded moderator (who founds a church for it: importing needs two-factor
 * sign-in, which the moderator has); then its ceiling.
 */
export const measureMemberImport = async (ctx, { rows, mongoUrl, db, redisUrl, redisPrefix, say }) => {
  await forgetDailyLimits(redisUrl, redisPrefix);
  const admin = ctx.manifest.moderator.i;
  const token = ctx.tokens.token(admin);
  const tag = randomUUID().slice(0, 8);
  const church = expectOk(
    await request(ctx.apiUrl, 'POST', '/api/churches', {
      token,
      body: { name: `Bench Church ${tag}`, slug: `bench-${tag}`, primaryColor: '#1e3a8a', welcome: 'Bench', timeZone: 'Europe/London' },
    }),
    'create the bench church',
  );
  const form = new FormData();
  form.append('file', new Blob([csvOf(rows, tag)], { type: 'text/csv' }), `bench-${rows}.csv`);
  const sent = performance.now();
  const started = expectOk(await request(ctx.apiUrl, 'POST', `/api/member-imports?churchId=${church.id}`, { token, form }), 'upload the list');
  const uploadMs = performance.now() - sent;
  let current = started;
  while (current.status === 'queued' || current.status === 'running') {
    await new Promise((r) => setTimeout(r, 250));
    current = expectOk(await request(ctx.apiUrl, 'GET', `/api/member-imports/${started.id}`, { token }), 'read the import');
  }
  const seconds = (performance.now() - sent) / 1000;
  say(`member import: ${rows} rows ${current.status} in ${seconds.toFixed(1)} s (upload answered in ${uploadMs.toFixed(0)} ms)`);
  await request(ctx.apiUrl, 'POST', `/api/member-imports/${started.id}/undo`, { token });
  const floorSeconds = await driverFloor({ mongoUrl, db, rows });
  say(`member import: the raw driver's floor for the same rows took ${floorSeconds.toFixed(1)} s`);
  return { rows, status: current.status, counts: current.counts, seconds, uploadMs: Math.round(uploadMs), floorSeconds };
};
