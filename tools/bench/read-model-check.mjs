// After the load suite's writes: whether every read model of the bench stack equals a rebuild from the events (#25:
// "0 divergences at 3 replicas under the load suite's write scenarios"), with the same verification as
// `npm run read-models -- verify` (tools/read-models), run against the bench profile's databases.
import { spawn } from 'node:child_process';
import path from 'node:path';
import mongoose from 'mongoose';
import { sleep } from '../infra/lib/util.mjs';
import { namespaceOf, repoRoot } from '../stack/services.mjs';

/** The databases whose outbox and unprojected lists say whether everything appended is published and projected. */
const QUEUED_IN = ['identity', 'formation', 'formation_journal', 'library', 'community'];

/** Events appended but not yet published or projected, over every service (0 once the stack has caught up). */
const queued = async (connection, namespace) => {
  let left = 0;
  for (const name of QUEUED_IN) {
    const db = connection.useDb(`${namespace}_${name}`, { useCache: true });
    const names = new Set((await db.db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
    for (const list of ['outbox', 'unprojected']) if (names.has(list)) left += await db.collection(list).countDocuments({});
  }
  return left;
};

/** Waits (up to `timeoutMs`) until nothing is queued at two looks a second apart; false when it never was. */
const settle = async (mongoUrl, namespace, timeoutMs) => {
  const connection = await mongoose.createConnection(mongoUrl).asPromise();
  try {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if ((await queued(connection, namespace)) === 0) {
        await sleep(1000);
        if ((await queued(connection, namespace)) === 0) return true;
      }
      await sleep(500);
    }
    return false;
  } finally {
    await connection.close();
  }
};

const verify = (profile) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'tools', 'read-models', 'read-models.mjs'), 'verify'], {
      cwd: repoRoot,
      env: { ...process.env, ABIDE_PROFILE: profile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ status: code ?? 2, output }));
  });

/**
 * What a verify run printed, in figures: the collections that differ ({ service, collection, documents }) and how many
 * documents differ over all of them. Lines as tools/read-models/read-models.cli.ts prints them.
 */
export const divergencesIn = (output) => {
  const collections = [...output.matchAll(/^(\w+): (\S+) \([^)]*\): (\d+) document\(s\) differ from the rebuild$/gm)].map(
    ([, service, collection, documents]) => ({ service, collection, documents: Number(documents) }),
  );
  const count = (list) => list.reduce((sum, c) => sum + c.documents, 0);
  return {
    divergences: count(collections),
    collections,
  };
};

/**
 * Once everything written is published and projected, every read model against its rebuild. A difference seen while
 * an event was still on its way (a consumer behind) is looked at once more a few seconds later; what is still there
 * counts. Returns { divergences, collections, status, settled, seconds, checked } (`checked`: the services verified,
 * false when the verification could not run: status 2).
 */
export const checkReadModels = async ({ profile, mongoUrl, say = () => {}, settleTimeoutMs = 120_000 }) => {
  const started = Date.now();
  const settled = await settle(mongoUrl, namespaceOf(profile), settleTimeoutMs);
  if (!settled) say(`read models: events still queued after ${settleTimeoutMs / 1000} s; verifying anyway`);
  let run = await verify(profile);
  // A difference is looked at once more after a pause (a second run costs a minute): an event may have been on its way.
  if (run.status === 1) {
    await sleep(5000);
    run = await verify(profile);
  }
  const found = divergencesIn(run.output);
  const checked = run.status !== 2;
  if (!checked) say(`read models: the verification could not run:\n${run.output.trim()}`);
  for (const c of found.collections) say(`read models: ${c.service} ${c.collection}: ${c.documents} document(s) differ from the rebuild`);
  return { ...found, status: run.status, checked, settled, seconds: Math.round((Date.now() - started) / 1000) };
};
