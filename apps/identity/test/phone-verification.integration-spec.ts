import { DomainError, HealthRegistry, twilioSenderFor } from '@abide/platform';
import { connectTestDatabase, dropTestDatabase, uniqueName } from '@abide/messaging/src/testing/test-engines';
import { newPhoneNumber, newSmsAccount, type SmsTestAccount, textsTo } from '@abide/testing';
import type { Connection } from 'mongoose';
import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { IdentityConfig } from '../src/config/env.schema';
import { PhoneVerification } from '../src/sms/phone-verification';
import { SmsPermissions } from '../src/sms/sms-permissions';
import { SmsStops } from '../src/sms/sms-stops';
import { VerifiedNumbers } from '../src/sms/verified-numbers';

// Real Redis (codes, counters), MongoDB (proofs, STOPs) and the SMS provider fake (what a phone receives).
const CODE = /^Abide: your code is (\d{6})\. It works for 10 minutes\. If you did not ask for it, ignore this text\.$/;

const failureOf = async (attempt: Promise<unknown>): Promise<DomainError> => {
  const error = await attempt.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
};

describe(PhoneVerification.name, () => {
  let connection: Connection;
  let account: SmsTestAccount;
  let config: IdentityConfig;
  let stops: SmsStops;
  let verified: VerifiedNumbers;
  let permissions: SmsPermissions;
  const replicas: PhoneVerification[] = [];
  /** One identity replica: its own Redis connection (connected, as a replica is once it is ready), the shared engines. */
  const replica = async () => {
    const made = new PhoneVerification(config, twilioSenderFor(config), permissions, verified, new HealthRegistry());
    replicas.push(made);
    const { client } = made['redis'];
    if (client.status !== 'ready') await new Promise((resolve) => client.once('ready', resolve));
    return made;
  };
  let sut: PhoneVerification;

  const codeIn = async (number: string) => CODE.exec((await textsTo(account.sid, number)).at(-1)?.body ?? '')?.[1] ?? '';

  beforeAll(async () => {
    connection = await connectTestDatabase(uniqueName('identity_phone'));
    account = await newSmsAccount({ label: 'phone verification integration' });
    config = {
      ...account.env,
      SMS_TIMEOUT_MS: 5000,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: `it-${randomBytes(4).toString('hex')}`,
      PHONE_CODE_TTL_SECONDS: 600,
      PHONE_CODE_MAX_ATTEMPTS: 3,
      PHONE_CODES_PER_MEMBER_PER_DAY: 3,
      PHONE_CODES_PER_NUMBER_PER_DAY: 4,
    } as unknown as IdentityConfig;
    stops = new SmsStops(connection);
    verified = new VerifiedNumbers(connection);
    permissions = new SmsPermissions(stops, verified, config);
    sut = await replica();
  });

  afterAll(async () => {
    for (const r of replicas) r.onModuleDestroy();
    await dropTestDatabase(connection);
  });

  it('texts a 6-digit code, and the number is the member’s (and may be texted) only once they type it back', async () => {
    const member = uuidv7();
    const other = uuidv7();
    const number = newPhoneNumber().e164;

    await sut.send(member, number);
    expect(await permissions.mayText(number)).toBe(false);
    const code = await codeIn(number);
    expect(code).toMatch(/^\d{6}$/);
    // The code proves the number for the member it was sent for, nobody else.
    expect((await failureOf(sut.confirm(other, number, code))).errors).toEqual([
      { field: 'code', message: 'This code has expired, or none was sent to this number. Send a new code.' },
    ]);
    await sut.confirm(member, number, code);

    expect(await verified.isVerifiedBy(member, number)).toBe(true);
    expect(await verified.isVerifiedBy(other, number)).toBe(false);
    expect(await permissions.mayText(number)).toBe(true);
    // A used code is gone.
    expect((await failureOf(sut.confirm(member, number, code))).status).toBe(400);
  });

  it('refuses a wrong code saying how many tries are left, then blocks the code after the last try, even the right one', async () => {
    const member = uuidv7();
    const number = newPhoneNumber().e164;
    await sut.send(member, number);
    const code = await codeIn(number);
    const wrong = code === '000000' ? '111111' : '000000';

    const first = await failureOf(sut.confirm(member, number, wrong));
    const second = await failureOf(sut.confirm(member, number, wrong));
    const last = await failureOf(sut.confirm(member, number, wrong));
    const blocked = await failureOf(sut.confirm(member, number, code));

    expect(first.status).toBe(400);
    expect(first.errors).toEqual([{ field: 'code', message: 'That code is not right. 2 tries left.' }]);
    expect(second.errors?.[0].message).toBe('That code is not right. 1 try left.');
    expect(last.errors?.[0].message).toBe('That code is not right, and that was the last try. Send a new code.');
    expect([blocked.status, blocked.detail]).toEqual([429, 'Too many wrong codes for this number. Send a new code to try again.']);
    expect(await verified.isVerifiedBy(member, number)).toBe(false);
  });

  it('allows no more tries than the limit when replicas race on one code', async () => {
    const member = uuidv7();
    const number = newPhoneNumber().e164;
    await sut.send(member, number);
    const wrong = (await codeIn(number)) === '000000' ? '111111' : '000000';
    const others = await Promise.all([replica(), replica(), replica()]);

    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => failureOf(others[i % 3].confirm(member, number, wrong))));

    expect(answers.filter((a) => a.status === 400)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(9);
  });

  it('refuses a code that has expired', async () => {
    const member = uuidv7();
    const number = newPhoneNumber().e164;
    await sut.send(member, number);
    const code = await codeIn(number);
    const redis = sut['redis'].client;
    for (const key of await redis.keys(`${config.REDIS_KEY_PREFIX}:identity:phone-verification:code:${member}:*`)) await redis.pexpire(key, 1);
    await new Promise((resolve) => setTimeout(resolve, 20));

    const expired = await failureOf(sut.confirm(member, number, code));

    expect(expired.errors?.[0].message).toBe('This code has expired, or none was sent to this number. Send a new code.');
    expect(await verified.isVerifiedBy(member, number)).toBe(false);
  });

  it('sends a member a few codes a day, whatever the numbers, counted across replicas', async () => {
    const member = uuidv7();
    const numbers = Array.from({ length: 6 }, () => newPhoneNumber().e164);

    const other = await replica();

    const outcomes = await Promise.all(numbers.map((n, i) => (i % 2 ? sut : other).send(member, n).then(() => 'sent', (e: DomainError) => e.status)));

    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(3);
    expect(outcomes.filter((o) => o === 429)).toHaveLength(3);
    const texted = await Promise.all(numbers.map(async (n) => (await textsTo(account.sid, n)).length));
    expect(texted.reduce((a, b) => a + b, 0)).toBe(3);
  });

  it('sends a number a few codes a day, whoever asks', async () => {
    const number = newPhoneNumber().e164;

    const others = await Promise.all([replica(), replica()]);

    const outcomes = await Promise.all(
      Array.from({ length: 7 }, (_, i) => others[i % 2].send(uuidv7(), number).then(() => 'sent', (e: DomainError) => e)),
    );

    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(4);
    const refused = outcomes.find((o): o is DomainError => o !== 'sent')!;
    expect([refused.status, refused.detail]).toEqual([429, 'Too many codes have been sent to this number today. Try again tomorrow.']);
    expect(Number(refused.headers?.['retry-after'])).toBeGreaterThan(0);
    expect(await textsTo(account.sid, number)).toHaveLength(4);
  });

  it('texts nothing, not even a code, to a number that replied STOP, until it says START; a proved number stops too', async () => {
    const member = uuidv7();
    const number = newPhoneNumber().e164;
    await sut.send(member, number);
    await sut.confirm(member, number, await codeIn(number));
    await stops.stop(number);

    const refused = await failureOf(sut.send(uuidv7(), number));

    expect([refused.status, refused.detail]).toEqual([409, `This number replied STOP; text START to ${account.from} to receive texts again.`]);
    expect(await textsTo(account.sid, number)).toHaveLength(1);
    expect(await permissions.mayText(number)).toBe(false);
    await expect(permissions.assertMayOptIn(member, number)).rejects.toMatchObject({ status: 409 });

    await stops.start(number);
    expect(await permissions.mayText(number)).toBe(true);
    await expect(permissions.assertMayOptIn(member, number)).resolves.toBeUndefined();
  });
});
