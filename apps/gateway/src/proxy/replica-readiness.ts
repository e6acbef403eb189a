import type { ReadinessReport } from '@abide/platform';

const rank = { ok: 0, degraded: 1, unavailable: 2 } as const;

/**
 * One service's readiness from its instances' answers (a report, or the error of an instance that did not answer): it
 * is ready while at least one instance is, since the gateway sends its requests to the ones that are. The best
 * instance's report stands for the service; instances that are not ready make it degraded, and an `instances` check
 * says how many of them serve. With one instance this is that instance's answer unchanged.
 */
export const combineReplicaReadiness = (answers: readonly (ReadinessReport | Error)[], urls: readonly string[]): ReadinessReport => {
  const reports = answers.map((answer, i) => ({ url: urls[i], answer }));
  const ready = reports.filter(
    (r): r is { url: string; answer: ReadinessReport } => !(r.answer instanceof Error) && r.answer.status !== 'unavailable',
  );
  if (answers.length === 1 && !(answers[0] instanceof Error)) return answers[0];
  const best = [...ready].sort((a, b) => rank[a.answer.status] - rank[b.answer.status])[0]?.answer;
  const notReady = reports
    .filter((r) => !ready.includes(r as never))
    .map((r) => `${r.url} ${r.answer instanceof Error ? `unreachable (${r.answer.message})` : 'not ready'}`);
  if (!best) {
    const first = answers.find((a): a is ReadinessReport => !(a instanceof Error));
    return {
      status: 'unavailable',
      checks: {
        ...first?.checks,
        instances: { status: 'failing', critical: true, detail: `none of ${urls.length} ready: ${notReady.join('; ')}` },
      },
    };
  }
  if (notReady.length === 0) return best;
  return {
    status: 'degraded',
    checks: {
      ...best.checks,
      instances: { status: 'degraded', critical: false, detail: `${ready.length} of ${urls.length} ready; ${notReady.join('; ')}` },
    },
  };
};
