import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// tools/infra/lib/readiness.mjs is an ES module and Jest runs this file as CommonJS, so it is called in a child process.
const readiness = pathToFileURL(path.resolve(__dirname, '../lib/readiness.mjs')).href;

/**
 * An engine that answers after `answerAfterMs`, while a writer appends `line` to its log every 200 ms; the wait's own
 * deadline is 1 s and its quiet window 1.5 s. Prints what the wait answered.
 */
const wait = (opts: { answerAfterMs: number; line: string; progress: boolean; capMs?: number }) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'readiness-'));
  try {
    const script = `
      import fs from 'node:fs';
      const { waitReady } = await import(${JSON.stringify(readiness)});
      const logFile = ${JSON.stringify(path.join(dir, 'engine.log'))};
      fs.writeFileSync(logFile, 'an earlier start: Completed load of Log(old)\\n'.repeat(50));
      const t0 = Date.now();
      const writer = setInterval(() => fs.appendFileSync(logFile, ${JSON.stringify(opts.line)} + '\\n'), 200);
      const engine = {
        name: 'kafka',
        healthy: async () => Date.now() - t0 > ${opts.answerAfterMs},
        ${opts.progress ? `startupProgress: /Completed load of Log\\(/g, startupQuietMs: 1500, startupCapMs: ${opts.capMs ?? 60_000},` : ''}
      };
      const log = { info: () => {} };
      const answer = await waitReady(engine, { log, timeoutMs: 1000, logFile });
      clearInterval(writer);
      console.log(answer, Math.round((Date.now() - t0) / 1000));
    `;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 50_000 });
    if (result.status !== 0) throw new Error(result.stderr);
    const [answer, seconds] = result.stdout.trim().split(' ');
    return { answer, seconds: Number(seconds) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

describe('waiting for an engine to start', () => {
  it('waits past its deadline for an engine whose log shows it loading its data, until it answers', () => {
    const { answer, seconds } = wait({ answerAfterMs: 4000, line: 'Completed load of Log(dir=t-0)', progress: true });

    expect(answer).toBe('ready');
    expect(seconds).toBeGreaterThanOrEqual(4);
  });

  it('gives up at the deadline when the log only repeats errors (no loading lines)', () => {
    expect(wait({ answerAfterMs: 4000, line: 'WARN UNKNOWN_SERVER_ERROR from node 1', progress: true }).answer).toBe('timeout');
  });

  it('gives up at the deadline for an engine that names no loading lines, whatever its log says', () => {
    expect(wait({ answerAfterMs: 4000, line: 'Completed load of Log(dir=t-0)', progress: false }).answer).toBe('timeout');
  });

  it('gives up at the cap even while the engine keeps loading', () => {
    const { answer, seconds } = wait({ answerAfterMs: 8000, line: 'Completed load of Log(dir=t-0)', progress: true, capMs: 2500 });

    expect(answer).toBe('timeout');
    expect(seconds).toBeLessThan(8);
  });
});
