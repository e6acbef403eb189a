// Kafka clients signing in (SASL) to a broker that refuses anyone else: a private engine instance with only Kafka,
// started through the CLI (--offset, --run-root, --kafka-sasl-users; tools/infra/README.md "Instances"), so the shared
// broker of the dev and test stacks keeps running without authentication.
import { topics } from '@abide/contracts';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { KafkaEventServer } from './consumer/kafka-event-server';
import { kafkaConnection, type KafkaConnectionSettings } from './kafka-connection';
import { KafkaPublisher } from './kafka-publisher';
import { userRegisteredEnvelope } from './testing/envelopes';
import { patientRetry, uniqueName, waitFor } from './testing/test-engines';
import { provisionTopics } from './topics/provision-topics';

const cliPath = path.resolve(__dirname, '../../../tools/infra/cli.mjs');
// Ports of its own: 23000, plus 100 per test slot beyond the first (KAFKA_SASL_TEST_OFFSET overrides).
const slot = Number.parseInt(process.env.ABIDE_TEST_SLOT ?? '0', 10) || 0;
const offset = Number(process.env.KAFKA_SASL_TEST_OFFSET ?? 23000 + 100 * slot);
const runBase = path.join(os.tmpdir(), 'kafka-sasl-it');
mkdirSync(runBase, { recursive: true });
const runRoot = mkdtempSync(path.join(runBase, 'run-'));
const cli = (...args: string[]): string =>
  execFileSync(process.execPath, [cliPath, ...args, '--offset', String(offset), '--run-root', runRoot], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 240_000,
  });

const username = 'abide-it';
const password = randomBytes(12).toString('hex');
const prefix = `${uniqueName('sasl')}.`;
const topic = `${prefix}${topics.identityUser}`;

describe('Kafka with SASL', () => {
  let brokers: string[];
  const settings = (overrides: Partial<KafkaConnectionSettings> = {}): KafkaConnectionSettings => ({
    KAFKA_BROKERS: brokers,
    KAFKA_SASL_MECHANISM: 'scram-sha-512',
    KAFKA_SASL_USERNAME: username,
    KAFKA_SASL_PASSWORD: password,
    ...overrides,
  });
  // Clients that give up at once: a refused sign-in is what these tests wait for.
  const impatient = { retries: 1, initialRetryTime: 100, maxRetryTime: 500 };

  beforeAll(() => {
    cli('up', '--only', 'kafka', '--quiet', '--kafka-sasl-users', `${username}:${password}`);
    brokers = [(JSON.parse(cli('env', '--json')) as { KAFKA_BROKERS: string }).KAFKA_BROKERS];
  }, 300_000);

  afterAll(() => {
    try {
      cli('down', '--quiet');
    } finally {
      rmSync(runRoot, { recursive: true, force: true });
    }
  }, 120_000);

  it('provisions the topics, publishes an event and consumes it when signed in with the right password', async () => {
    const provisioned = await provisionTopics({ ...kafkaConnection(settings()), prefix, timeoutMs: 60_000 });
    expect(provisioned.created).toContain(topic);

    // As patient as testPublisher: the topic is seconds old, and its leader may not take writes yet.
    const publisher = new KafkaPublisher({ clientId: `${prefix}publisher`, ...kafkaConnection(settings()), retry: patientRetry });
    const consumer = new KafkaEventServer({
      clientId: `${prefix}consumer`,
      groupId: `${prefix}group`,
      ...kafkaConnection(settings()),
      consumer: { maxWaitTimeInMs: 100 },
    });
    const received: string[] = [];
    consumer.addHandler(
      topic,
      async (value: Buffer) => void received.push((JSON.parse(value.toString()) as { data: { name: string } }).data.name),
      true,
    );
    try {
      consumer.listen(() => undefined);
      await publisher.publish(topic, [{ key: 'user-1', value: userRegisteredEnvelope('Ada') }]);

      await waitFor(() => received.includes('Ada'), { timeoutMs: 45_000 });
      expect(consumer.currentState).toBe('joined');
    } finally {
      await Promise.all([consumer.close(), publisher.disconnect()]);
    }
  }, 90_000);

  it.each(['scram-sha-256', 'plain'] as const)('lets a client in with %s too', async (mechanism) => {
    const admin = new Kafka({
      clientId: `${prefix}${mechanism}`,
      ...kafkaConnection(settings({ KAFKA_SASL_MECHANISM: mechanism })),
      logLevel: logLevel.NOTHING,
    }).admin();
    await admin.connect();
    try {
      expect(await admin.listTopics()).toContain(topic);
    } finally {
      await admin.disconnect();
    }
  });

  it('refuses a publisher with a wrong password, and one that does not sign in at all', async () => {
    const wrong = new KafkaPublisher({
      clientId: `${prefix}wrong`,
      ...kafkaConnection(settings({ KAFKA_SASL_PASSWORD: 'not-the-password' })),
      retry: impatient,
    });
    const anonymous = new KafkaPublisher({ clientId: `${prefix}anonymous`, brokers, retry: impatient });
    try {
      await expect(wrong.publish(topic, [{ key: 'user-2', value: userRegisteredEnvelope('Mallory') }])).rejects.toThrow(
        /SASL SCRAM SHA512 authentication failed|Authentication failed/i,
      );
      await expect(anonymous.publish(topic, [{ key: 'user-2', value: userRegisteredEnvelope('Mallory') }])).rejects.toThrow();
    } finally {
      await Promise.all([wrong.disconnect(), anonymous.disconnect()]);
    }
  }, 60_000);

  it('refuses topic provisioning with a wrong password, saying why', async () => {
    await expect(
      provisionTopics({
        ...kafkaConnection(settings({ KAFKA_SASL_PASSWORD: 'not-the-password' })),
        prefix: `${prefix}x.`,
        timeoutMs: 2_000,
      }),
    ).rejects.toThrow(/Kafka topics not ready after 2000 ms: .*authentication failed/i);
  }, 30_000);

  it('keeps a consumer with a wrong password out of its group, and its readiness says why', async () => {
    const consumer = new KafkaEventServer({
      clientId: `${prefix}intruder`,
      groupId: `${prefix}intruders`,
      ...kafkaConnection(settings({ KAFKA_SASL_PASSWORD: 'not-the-password' })),
      backoff: { initialDelayMs: 200, maxDelayMs: 1000 },
    });
    consumer.addHandler(topic, async () => undefined, true);
    try {
      consumer.listen(() => undefined);
      await waitFor(() => consumer.currentState === 'reconnecting', { timeoutMs: 30_000 });

      await expect(consumer.healthCheck.check()).rejects.toThrow(/authentication failed/i);
      expect(consumer.currentState).not.toBe('joined');
    } finally {
      await consumer.close();
    }
  }, 60_000);
});
