import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * What the local engines wrote to disk (tools/infra keeps their data under its run folder), for tests that a value
 * never reached it: FerretDB's SQLite files (`<database>.sqlite`, `-wal`, `-shm`) and Kafka's log segments.
 */
const runRoot = (): string => {
  const root = process.env.ABIDE_ENGINES_RUN_ROOT;
  if (!root) throw new Error('ABIDE_ENGINES_RUN_ROOT is not set: run this spec in the integration project (its global setup sets it)');
  return root;
};

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.isFile() ? [full] : [];
  });

/** The files of the FerretDB databases whose names start with `database` (its WAL and shared memory too). */
export const databaseFiles = (database: string): string[] => {
  const dir = path.join(runRoot(), 'mongo', 'data');
  return filesUnder(dir).filter((file) => path.basename(file).startsWith(database));
};

/** Kafka's files for a topic (every partition's log segments and indexes). */
export const topicFiles = (topic: string): string[] => {
  const dir = path.join(runRoot(), 'kafka', 'data');
  return readdirSync(dir)
    .filter((name) => name.startsWith(`${topic}-`) && /-\d+$/.test(name) && statSync(path.join(dir, name)).isDirectory())
    .flatMap((name) => filesUnder(path.join(dir, name)));
};

/** Those of `files` that hold `text` (as UTF-8 bytes) anywhere. */
export const filesHolding = (files: readonly string[], text: string): string[] => {
  const needle = Buffer.from(text, 'utf8');
  return files.filter((file) => {
    try {
      return readFileSync(file).includes(needle);
    } catch {
      // Gone meanwhile (a WAL checkpointed away): nothing left in it.
      return false;
    }
  });
};
