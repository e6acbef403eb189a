import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

const file = path.resolve(__dirname, '../../../tmp/logs/faults/observations.jsonl');

/** What a fault test saw (counts, timings), one JSON line each, so a run can be reported on without rerunning it. */
export const observe = (test: string, facts: Record<string, unknown>): void => {
  mkdirSync(path.dirname(file), { recursive: true });
  appendFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), test, ...facts })}\n`);
};
