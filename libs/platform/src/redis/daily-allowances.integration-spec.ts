import { randomUUID } from 'node:crypto';
import { type Allowance, DailyAllowances, utcDay } from './daily-allowances';
import { RedisConnection } from './redis-connection';

describe('DailyAllowances (real Redis)', () => {
  let redis: RedisConnection;
  let sut: DailyAllowances;

  beforeAll(async () => {
    // Without the 1 s command timeout of the 'requests' purpose (redis-connection's spec covers it): on a loaded machine
    // a pause of the test process would fail the atomicity this spec is about.
    redis = new RedisConnection(process.env.REDIS_URL as string, 'allowances-test', 'jobs');
    if (!redis.ready) await new Promise((resolve) => redis.client.once('ready', resolve));
    sut = new DailyAllowances(() => redis.client);
  });

  afterAll(() => redis.close());

  const key = () => `it:allowances:${randomUUID()}`;

  it('lets exactly the limit through when more charges race for it, on several connections (replicas)', async () => {
    const k = key();
    const others = [
      new RedisConnection(process.env.REDIS_URL as string, 'allowances-a', 'jobs'),
      new RedisConnection(process.env.REDIS_URL as string, 'allowances-b', 'jobs'),
    ];
    const replicas = [sut, ...others.map((c) => new DailyAllowances(() => c.client))];

    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => replicas[i % replicas.length].charge([{ key: k, limit: 25, amount: 1 }], 60)),
    );

    expect(answers.filter((a) => a === null)).toHaveLength(25);
    expect(answers.filter((a) => a !== null)).toEqual(Array.from({ length: 15 }, () => ({ index: 0, left: 0 })));
    expect(await redis.client.get(k)).toBe('25');
    for (const c of others) c.close();
  });

  it('charges every counter or none: a use that would pass one limit takes nothing from the others', async () => {
    const church: Allowance = { key: key(), limit: 100, amount: 30 };
    const member: Allowance = { key: key(), limit: 50, amount: 30 };

    expect(await sut.charge([church, member], 60)).toBeNull();
    const refused = await sut.charge([church, member], 60);

    expect(refused).toEqual({ index: 1, left: 20 });
    expect([await redis.client.get(church.key), await redis.client.get(member.key)]).toEqual(['30', '30']);
    expect(await redis.client.ttl(church.key)).toBeGreaterThan(55);
  });

  it('gives back a charge whose use did not happen, never below zero', async () => {
    const a: Allowance = { key: key(), limit: 10, amount: 4 };
    await sut.charge([a], 60);

    await sut.giveBack([a]);
    await sut.giveBack([a]);

    expect(await redis.client.get(a.key)).toBe('0');
  });

  it('returns the day and the seconds until the next UTC midnight', () => {
    expect(utcDay(Date.UTC(2026, 10, 29, 23, 0, 0))).toEqual({ day: '2026-11-29', secondsLeft: 3600 });
  });
});
