import { eventually, withServiceDb } from '@abide/testing';
import { spawn } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '../../..');

/**
 * Waits until everything appended is published and projected: the outbox and unprojected lists of every service (and
 * formation's private journal store) empty at two looks half a second apart.
 */
export const stackSettled = (): Promise<true> =>
  eventually(
    async () => {
      const waiting = async () => {
        let left = 0;
        for (const db of ['identity', 'formation', 'formation_journal', 'library', 'community']) {
          left += await withServiceDb(db, async (c) => {
            const names = new Set((await c.db!.listCollections({}, { nameOnly: true }).toArray()).map((x) => x.name));
            let n = 0;
            for (const name of ['outbox', 'unprojected']) if (names.has(name)) n += await c.collection(name).countDocuments({});
            return n;
          });
        }
        return left;
      };
      if ((await waiting()) > 0) return undefined;
      await new Promise((r) => setTimeout(r, 500));
      return (await waiting()) === 0 ? (true as const) : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 500 },
  );

/** `npm run read-models -- <command> [services]` against this test stack: its exit status and what it printed. */
export const readModels = (command: 'verify' | 'rebuild', ...services: string[]): Promise<{ status: number | null; output: string }> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ['tools/read-models/read-models.mjs', command, ...services], {
      cwd: repoRoot,
      env: { ...process.env, ABIDE_PROFILE: 'test' },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (status) => resolve({ status, output }));
  });
