// The ceilings each scenario is compared with, measured in the same run on the same machine:
//  - bare: a plain node:http server in its own process answering the scenario's real response body (same bytes,
//    same content type), loaded by k6 with the scenario's concurrency;
//  - driver: the raw MongoDB driver against the same FerretDB, `findOne({_id})` (reads) or `insertOne` (writes) of a
//    document the size of the response, with the scenario's concurrency. Two documents: the response itself stored
//    as a document ("shaped": its nesting, which costs FerretDB dearly) and one flat string field of the same size.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Starts the bare server (a child process) answering `body`; resolves { url, stop }. */
export const startBareServer = async ({ body, contentType = 'application/json; charset=utf-8', bodyFile }) => {
  writeFileSync(bodyFile, body);
  const child = spawn(process.execPath, [path.join(here, 'bare-server.mjs'), bodyFile, contentType], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = await Promise.race([
    once(child.stdout, 'data'),
    once(child, 'exit').then(([code]) => {
      throw new Error(`bare server exited (${code})`);
    }),
  ]);
  const port = Number(String(line).trim());
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
};

/**
 * Runs the driver ceiling in a child process (its own core, like a service) and resolves its figures:
 * { mode, shape, bytes, concurrency, seconds, ops, rps, p50, p95, p99, errors }.
 */
export const driverCeiling = ({ mongoUrl, db, mode, shape, document, concurrency, seconds, docFile }) =>
  new Promise((resolve, reject) => {
    writeFileSync(docFile, JSON.stringify(document));
    const args = [path.join(here, 'driver-ceiling.mjs'), mongoUrl, db, mode, shape, docFile, String(concurrency), String(seconds)];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`driver ceiling (${mode}, ${shape}) failed (${code}): ${err.trim().slice(-800)}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1)));
      } catch (error) {
        reject(new Error(`driver ceiling printed no result: ${out.slice(-400)} ${err.slice(-400)} (${error.message})`));
      }
    });
  });

/** The "shaped" document: the response itself (an array is wrapped), and a flat one of the same byte size. */
export const ceilingDocuments = (responseBody) => {
  let parsed;
  try {
    parsed = JSON.parse(responseBody);
  } catch {
    parsed = { text: responseBody };
  }
  const shaped = Array.isArray(parsed) ? { items: parsed } : parsed && typeof parsed === 'object' ? parsed : { value: parsed };
  delete shaped._id;
  const bytes = Buffer.byteLength(responseBody);
  return { shaped, flat: { payload: 'x'.repeat(Math.max(1, bytes - 30)) }, bytes };
};
