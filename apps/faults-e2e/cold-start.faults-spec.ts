import { UserSession } from '@abide/testing';
import { resetEngine, startEngine, stopEngine } from './support/fault-engines';
import { FaultStack } from './support/fault-stack';
import { checkInReachesTheGroup } from './support/flows';

const consumers = ['formation', 'library', 'community'] as const;

describe('cold start: the services come up whatever state Kafka is in', () => {
  let stack: FaultStack | undefined;

  afterEach(async () => {
    await stack?.stop();
    stack = undefined;
  });

  it('becomes ready against a topic prefix the broker has never seen, and events flow', async () => {
    stack = await FaultStack.start('newprefix');

    expect(stack.exitCodes()).toEqual({});
    await checkInReachesTheGroup();
  });

  it('becomes ready against a broker started a moment ago, its group coordinator still loading', async () => {
    await resetEngine('kafka');
    await startEngine('kafka');
    stack = await FaultStack.start('freshbroker');

    expect(stack.exitCodes()).toEqual({});
    await checkInReachesTheGroup();
  });

  it('waits, not ready and without exiting, for a Kafka that starts after the services', async () => {
    await stopEngine('kafka');
    try {
      stack = await FaultStack.start('latekafka', { waitReady: false });
      await stack.waitReady(['identity', 'gateway']);
      // Sign-up needs no broker: the registration waits in identity's outbox.
      const member = await UserSession.signUp({ name: 'Aquila' });
      await new Promise((resolve) => setTimeout(resolve, 5000));

      expect(stack.exitCodes()).toEqual({});
      for (const name of consumers) {
        const readiness = await stack.readiness(name);
        expect({ name, http: readiness.httpStatus, consumer: readiness.checks['kafka-consumer'] }).toEqual({
          name,
          http: 503,
          consumer: expect.objectContaining({ status: 'failing', critical: true }),
        });
      }

      await startEngine('kafka');
      await stack.waitReady();
      expect(stack.exitCodes()).toEqual({});
      await checkInReachesTheGroup(member);
    } finally {
      await startEngine('kafka');
    }
  });
});
