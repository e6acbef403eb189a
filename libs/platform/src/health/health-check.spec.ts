import { runChecks, type HealthCheck } from './health-check';

const ok = (name: string): HealthCheck => ({ name, check: async () => undefined });
const failing = (name: string, critical: HealthCheck['critical']): HealthCheck => ({
  name,
  critical,
  check: async () => {
    throw new Error(`${name} is away`);
  },
});

describe(runChecks.name, () => {
  it('returns ok when every check passes', async () => {
    expect(await runChecks([ok('mongo'), ok('outbox')])).toEqual({
      status: 'ok',
      checks: { mongo: { status: 'ok' }, outbox: { status: 'ok' } },
    });
  });

  it('returns unavailable when a critical check fails, naming it and why', async () => {
    const sut = await runChecks([failing('mongo', true), ok('outbox')]);
    expect(sut).toEqual({
      status: 'unavailable',
      checks: { mongo: { status: 'failing', critical: true, detail: 'mongo is away' }, outbox: { status: 'ok' } },
    });
  });

  it('returns degraded when only background checks fail or report reduced capacity', async () => {
    const slow: HealthCheck = { name: 'formation', critical: false, check: async () => ({ degraded: 'outbox failing' }) };
    const sut = await runChecks([ok('mongo'), failing('redis:nudges', false), slow]);
    expect(sut.status).toBe('degraded');
    expect(sut.checks['redis:nudges']).toEqual({ status: 'failing', critical: false, detail: 'redis:nudges is away' });
    expect(sut.checks.formation).toEqual({ status: 'degraded', critical: false, detail: 'outbox failing' });
  });

  it('returns unavailable or degraded as a check decides at the time (a consumer critical until it first joins)', async () => {
    let joinedOnce = false;
    const consumer = failing('kafka-consumer', () => !joinedOnce);
    expect((await runChecks([consumer])).status).toBe('unavailable');
    joinedOnce = true;
    expect((await runChecks([consumer])).status).toBe('degraded');
  });

  it('returns failing for a check that does not answer in time', async () => {
    const hanging: HealthCheck = { name: 'object-store', check: () => new Promise(() => undefined) };
    const sut = await runChecks([hanging], 20);
    expect(sut).toEqual({
      status: 'unavailable',
      checks: { 'object-store': { status: 'failing', critical: true, detail: 'no answer within 20 ms' } },
    });
  });
});
