// After a failed run: what the test stack's service logs say about it, in a few lines at the end of the output (the part
// a CI page shows). The logs themselves stay in tmp/logs/, which a clean CI machine throws away.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A request slower than this is worth a line: the suite's HTTP calls answer in well under a second. */
const SLOW_MS = 5_000;
const MAX_LINES_PER_SERVICE = 8;

const parse = (line) => {
  if (!line.startsWith('{')) return undefined;
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
};

const describe = (entry) => {
  const at = new Date(entry.time).toISOString().slice(11, 23);
  if (entry.responseTime !== undefined) {
    return `${at} ${Math.round(entry.responseTime)} ms ${entry.req?.method} ${entry.req?.url} -> ${entry.res?.statusCode} (request ${entry.req?.id})`;
  }
  const error = entry.err?.message ?? entry.err ?? '';
  return `${at} ${entry.level >= 50 ? 'error' : 'warn'} ${entry.context ? `[${entry.context}] ` : ''}${entry.msg ?? ''}${error ? `: ${String(error).slice(0, 200)}` : ''}`;
};

/**
 * Slow requests and errors each service logged since `sinceMs`, newest last; quiet when there are none.
 * @param {{ logDir: string, services: string[], sinceMs: number, write?: (text: string) => void }} options
 */
export const printLogDigest = ({ logDir, services, sinceMs, write = (text) => process.stdout.write(text) }) => {
  const sections = [];
  for (const service of services) {
    const file = path.join(logDir, `${service}.log`);
    if (!existsSync(file)) continue;
    const notable = [];
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const entry = parse(line);
      if (!entry || entry.time < sinceMs) continue;
      if ((entry.responseTime ?? 0) >= SLOW_MS || entry.level >= 50) notable.push(entry);
    }
    if (!notable.length) continue;
    const shown = notable.slice(-MAX_LINES_PER_SERVICE);
    const more = notable.length - shown.length;
    sections.push(`${service}: ${notable.length} slow request(s) or error(s)${more ? ` (the last ${shown.length})` : ''}`);
    for (const entry of shown) sections.push(`  ${describe(entry)}`);
  }
  if (!sections.length) return;
  write(`\nThe test stack's logs (${logDir}): requests over ${SLOW_MS / 1000} s and errors during this run\n${sections.join('\n')}\n`);
};
