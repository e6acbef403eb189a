import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Connection } from 'mongoose';
import { Lease } from './lease';

/** Start-up work that must be done once per database, however many instances start at the same moment. */
export interface OneTimeWork<T> {
  /** Names its lease: unique in the database (e.g. `<markers collection>:<marker>`). */
  name: string;
  /** Whether it is done already (a marker): read before taking the lease, after it, and while waiting. */
  isDone(): Promise<boolean>;
  /** The work, recording at its end that it is done. Safe to repeat: a holder that dies mid-way leaves it half done. */
  run(): Promise<T>;
}

export interface ExclusiveOptions {
  /**
   * How long a term lasts without renewal; the holder renews it while it works (every quarter of it). Another
   * instance takes over this long after a holder died mid-way.
   */
  ttlMs?: number;
  /** How often a waiting instance looks whether the work is done or the lease is free. */
  pollMs?: number;
  /** Identifies this instance in the lease; defaults to host, pid and a random suffix. */
  owner?: string;
}

const DEFAULT_TTL_MS = 15_000;
const DEFAULT_POLL_MS = 250;
const logger = new Logger('RunExclusively');

/**
 * Does `work` on one instance at a time and only until it is done: every instance starting at once calls this, one
 * takes the lease (an epoch claimed by unique insert: see Lease) and works, the others wait until it is done (or, for
 * work that a run may leave unfinished, take the lease after it and run once more themselves). A holder that dies
 * stops renewing; another instance takes over once its term ran out. Resolves when the work is done here or
 * elsewhere: `ran` says whether this instance ran it. A failing run releases the lease and rejects.
 */
export async function runOnceExclusively<T>(
  connection: Connection,
  work: OneTimeWork<T>,
  options: ExclusiveOptions = {},
): Promise<{ ran: true; result: T } | { ran: false }> {
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const lease = new Lease(connection, `once:${work.name}`, options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`, ttlMs);
  let told = false;
  for (;;) {
    if (await work.isDone()) return { ran: false };
    if (await lease.acquire()) {
      try {
        // The holder before us may have finished between our first look and our claim.
        if (await work.isDone()) return { ran: false };
        return { ran: true, result: await holding(lease, work) };
      } finally {
        await lease.release().catch(() => undefined);
      }
    }
    if (!told) {
      told = true;
      const holder = await lease.holder().catch(() => null);
      logger.log(`Waiting for ${holder?.owner ?? 'another instance'} to finish ${work.name}`);
    }
    await sleep(pollMs);
  }
}

/** Runs the work while renewing the term, so that only a holder that stopped (died, hung) loses it. */
async function holding<T>(lease: Lease, work: OneTimeWork<T>): Promise<T> {
  let renewing: Promise<unknown> = Promise.resolve();
  const renewal = setInterval(() => {
    renewing = lease.acquire().then(
      (held) => {
        // The work cannot be stopped half way from outside; it is safe to repeat, so the next holder redoing it is harmless.
        if (!held) logger.warn(`${work.name}: another instance took over the lease (this one paused past its term)`);
      },
      () => undefined,
    );
  }, lease.ttlMs / 4);
  renewal.unref();
  try {
    return await work.run();
  } finally {
    clearInterval(renewal);
    // A renewal landing after the release would hold the lease for nobody until its term ran out.
    await renewing;
  }
}
