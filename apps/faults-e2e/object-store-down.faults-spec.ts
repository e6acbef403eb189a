import { uploadMessages } from '@abide/contracts';
import { settled, submission, txt, upload, UserSession } from '@abide/testing';
import { Client } from 'minio';
import { faultEngines, startEngine, stopEngine } from './support/fault-engines';
import { FaultStack } from './support/fault-stack';
import { observe } from './support/observations';

const objectsOf = async (stack: FaultStack, bucket: string, ownerId: string): Promise<string[]> => {
  const { env } = faultEngines();
  const client = new Client({
    endPoint: env.S3_ENDPOINT,
    port: Number(env.S3_PORT),
    useSSL: false,
    accessKey: env.S3_ACCESS_KEY,
    secretKey: env.S3_SECRET_KEY,
    region: 'us-east-1',
  });
  const keys: string[] = [];
  for await (const item of client.listObjectsV2(stack.env.library[bucket], `${ownerId}/`, true)) if (item.name) keys.push(item.name);
  return keys;
};

describe('the object store down during an upload', () => {
  let stack: FaultStack;

  beforeAll(async () => {
    stack = await FaultStack.start('storedown');
  });

  afterAll(async () => {
    await startEngine('minio');
    await stack?.stop();
  });

  it('answers a clear 503 problem and keeps nothing of the upload, in the store or in the read models', async () => {
    const member = await UserSession.signUp({ name: 'Lydia' });

    await stopEngine('minio');
    const started = Date.now();
    const lost = await upload(member, txt('A psalm of ascent, sung on the road.'), submission({ title: 'Lost in the storm' }));
    const answeredInMs = Date.now() - started;
    const readiness = await stack.readiness('library');

    expect([lost.status, lost.body.code, lost.body.detail]).toEqual([503, 'SERVICE_UNAVAILABLE', uploadMessages.storageUnavailable]);
    expect([readiness.httpStatus, readiness.checks['object-store']]).toEqual([
      503,
      expect.objectContaining({ status: 'failing', critical: true }),
    ]);

    await startEngine('minio');
    await stack.waitReady(['library']);
    expect(await objectsOf(stack, 'S3_BUCKET_QUARANTINE', member.user.id)).toEqual([]);
    expect((await member.get<{ total: number }>('/api/uploads?mine=1')).body.total).toBe(0);

    const retried = await upload(member, txt('A psalm of ascent, sung on the road.'), submission({ title: 'Sung again' }));
    expect(retried.status).toBe(201);
    await settled(member, retried.body.id, 'in-review', 60_000);
    expect((await member.get<{ total: number }>('/api/uploads?mine=1')).body.total).toBe(1);
    expect(stack.exitCodes()).toEqual({});
    observe('object-store-down', { uploadStatus: lost.status, answeredInMs, readinessDuring: readiness.status });
  });
});
