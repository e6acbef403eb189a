import type { ReadinessReport } from '@abide/platform';
import { combineReplicaReadiness } from './replica-readiness';

const ok: ReadinessReport = { status: 'ok', checks: { mongo: { status: 'ok' } } };
const degraded: ReadinessReport = {
  status: 'degraded',
  checks: { mongo: { status: 'ok' }, outbox: { status: 'degraded', critical: false, detail: '3 waiting' } },
};
const unavailable: ReadinessReport = { status: 'unavailable', checks: { mongo: { status: 'failing', critical: true, detail: 'away' } } };
const urls = ['http://a', 'http://b', 'http://c'];

describe("a service's readiness from its instances", () => {
  it('is the one instance’s own answer when there is one', () => {
    expect(combineReplicaReadiness([degraded], urls.slice(0, 1))).toEqual(degraded);
    expect(combineReplicaReadiness([unavailable], urls.slice(0, 1))).toEqual(unavailable);
  });

  it('is ok when every instance is', () => {
    expect(combineReplicaReadiness([ok, ok, ok], urls)).toEqual(ok);
  });

  it('stays ready (degraded, naming the instances that are not) while at least one instance is ready', () => {
    const report = combineReplicaReadiness([unavailable, new Error('connect ECONNREFUSED'), ok], urls);
    expect(report.status).toBe('degraded');
    expect(report.checks.instances).toEqual({
      status: 'degraded',
      critical: false,
      detail: '1 of 3 ready; http://a not ready; http://b unreachable (connect ECONNREFUSED)',
    });
  });

  it('is unavailable when no instance is ready', () => {
    const report = combineReplicaReadiness([unavailable, new Error('gone'), unavailable], urls);
    expect(report.status).toBe('unavailable');
    expect(report.checks.mongo).toEqual(unavailable.checks.mongo);
  });
});
