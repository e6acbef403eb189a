// Several identity instances starting at once on an empty database (a first deploy with replicas, every e2e run).
import { connectTestDatabase, dropTestDatabase, uniqueName } from '@abide/messaging/src/testing/test-engines';
import type { Connection } from 'mongoose';
import { SigningKeysService } from './signing-keys.service';

describe(SigningKeysService.name, () => {
  const dbName = uniqueName('signing_keys');
  const connections: Connection[] = [];

  afterAll(async () => {
    const [first, ...others] = connections;
    await Promise.all(others.map((c) => c.close()));
    if (first) await dropTestDatabase(first);
  });

  it('signs with one key in every instance that started at the same moment on an empty database', async () => {
    for (let i = 0; i < 3; i++) connections.push(await connectTestDatabase(dbName));
    const instances = connections.map((c) => new SigningKeysService(c));

    await Promise.all(instances.map((instance) => instance.onModuleInit()));

    const kids = instances.map((instance) => instance.signingKey().kid);
    expect(new Set(kids).size).toBe(1);
    expect(instances.map((instance) => instance.jwks().keys.map((k) => k.kid))).toEqual(instances.map(() => [kids[0]]));
  });
});
