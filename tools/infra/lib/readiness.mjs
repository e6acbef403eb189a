// Waiting for a freshly started engine to answer, with patience for one that is visibly loading its data.
import fsp from 'node:fs/promises';
import { pidAlive, sleep } from './util.mjs';

/** Bytes of a file (0 when absent): where an engine's start-up lines begin in its log, which every start appends to. */
export const sizeOf = async (file) => (await fsp.stat(file).catch(() => undefined))?.size ?? 0;

/** How many of `pattern`'s lines the log gained after `offset`, and the new end (reads only the new bytes). */
async function progressSince(file, offset, pattern) {
  const end = await sizeOf(file);
  if (end <= offset) return { count: 0, end: Math.min(end, offset) };
  const fh = await fsp.open(file, 'r');
  try {
    // At most 8 MB per look: counting is all that is wanted, and a huge burst still counts as progress.
    const length = Math.min(end - offset, 8 * 1024 * 1024);
    const { buffer, bytesRead } = await fh.read(Buffer.alloc(length), 0, length, offset);
    return { count: buffer.subarray(0, bytesRead).toString('utf8').match(pattern)?.length ?? 0, end: offset + bytesRead };
  } finally {
    await fh.close();
  }
}

/**
 * Polls until the engine answers. The deadline is `timeoutMs`, except for an engine that names its start-up progress
 * (e.startupProgress): while its log keeps gaining those lines the wait goes on, until e.startupQuietMs (30 s) pass without one or
 * e.startupCapMs is reached. Answers 'ready', 'exited' (the process died) or 'timeout'.
 */
export async function waitReady(e, { pid, log, timeoutMs, logFile, logOffset }) {
  const t0 = Date.now();
  let offset = logOffset ?? (await sizeOf(logFile));
  let progressed = 0;
  let lastProgressAt = 0;
  let lastLook = 0;
  let lastNote = t0;
  const look = async () => {
    lastLook = Date.now();
    const seen = await progressSince(logFile, offset, e.startupProgress);
    offset = seen.end;
    if (seen.count === 0) return;
    progressed += seen.count;
    lastProgressAt = lastLook;
  };
  const deadline = () =>
    lastProgressAt
      ? Math.min(t0 + (e.startupCapMs ?? timeoutMs), Math.max(t0 + timeoutMs, lastProgressAt + (e.startupQuietMs ?? 30_000)))
      : t0 + timeoutMs;
  for (;;) {
    if (pid && !pidAlive(pid)) return 'exited';
    if (await e.healthy()) return 'ready';
    // Looked at every second, and once more before giving up.
    if (e.startupProgress && (Date.now() - lastLook >= 1000 || Date.now() >= deadline())) await look();
    if (Date.now() >= deadline()) return 'timeout';
    if (Date.now() - lastNote > 15000) {
      lastNote = Date.now();
      const loading = progressed ? ` (${progressed} start-up steps logged: loading its data)` : '';
      log.info(`${e.name}: waiting for readiness… ${Math.round((Date.now() - t0) / 1000)}s${loading}`);
    }
    await sleep(250);
  }
}
