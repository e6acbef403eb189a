/**
 * A named probe of one dependency. Readiness answers 503 when a critical check fails (the instance cannot serve
 * its requests: its database, its object store) and 200 "degraded" when only background work waits (Kafka after
 * the first join, Redis-backed jobs): the outbox and the job sweeps catch up once the engine is back, so taking
 * the instance out of rotation would turn a partial outage into a full one.
 */
export interface HealthCheck {
  name: string;
  /** Default true. A function when it changes over time (a consumer is critical until it first joins its group). */
  critical?: boolean | (() => boolean);
  /** Resolves when healthy, or with `{ degraded }` when working at reduced capacity; rejects when failing. */
  check(): Promise<void | { degraded: string }>;
}

export type CheckStatus = { status: 'ok' } | { status: 'degraded' | 'failing'; critical: boolean; detail: string };

export interface ReadinessReport {
  status: 'ok' | 'degraded' | 'unavailable';
  checks: Record<string, CheckStatus>;
}

const CHECK_TIMEOUT_MS = 2000;

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });

const isCritical = (check: HealthCheck): boolean => (typeof check.critical === 'function' ? check.critical() : (check.critical ?? true));

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error)) || 'failing';

/** Runs every check at once, each bounded by a timeout, and folds the answers into one report. */
export const runChecks = async (checks: readonly HealthCheck[], timeoutMs = CHECK_TIMEOUT_MS): Promise<ReadinessReport> => {
  const results = await Promise.all(
    checks.map(async (check): Promise<[string, CheckStatus]> => {
      try {
        const outcome = await withTimeout(check.check(), timeoutMs);
        if (outcome && 'degraded' in outcome) return [check.name, { status: 'degraded', critical: false, detail: outcome.degraded }];
        return [check.name, { status: 'ok' }];
      } catch (error) {
        return [check.name, { status: 'failing', critical: isCritical(check), detail: describe(error) }];
      }
    }),
  );
  const statuses = results.map(([, s]) => s);
  const status = statuses.some((s) => s.status === 'failing' && s.critical)
    ? 'unavailable'
    : statuses.some((s) => s.status !== 'ok')
      ? 'degraded'
      : 'ok';
  return { status, checks: Object.fromEntries(results) };
};
