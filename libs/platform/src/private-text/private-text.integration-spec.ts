import { clearText } from '@abide/contracts';
import { connectTestDatabase, dropTestDatabase, testMongoUrl, uniqueName } from '@abide/testing/src/test-engines';
import mongoose, { type Connection } from 'mongoose';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FileKeyProvider } from './file-key-provider';
import { keyStoreDatabaseName, moveKeysIntoKeyStore } from './key-store';
import { addMasterKeyVersion, masterKeyUse, retireMasterKeyVersion, rewrapDataKeys } from './key-rotation';
import { runMasterKeysCommand } from './master-keys.command';
import { MEMBER_KEYS_COLLECTION, MemberErasedError, MemberKeys } from './member-keys';
import { PrivateText, sealedField } from './private-text';
import { newDataKey, SealedTextError, sealWith } from './sealed-text-cipher';

const entryWords = (id: string) => sealedField('journal-entry', id, 'words');

describe(PrivateText.name, () => {
  let service: Connection;
  let keyStore: Connection;
  let dir: string;
  let provider: FileKeyProvider;
  /** One service instance: its own cache of unwrapped keys over the shared key store. */
  const instance = () => new PrivateText(new MemberKeys(keyStore, provider));
  const keyDoc = (memberId: string) => keyStore.collection(MEMBER_KEYS_COLLECTION).findOne({ _id: memberId as never });

  beforeAll(async () => {
    service = await connectTestDatabase(uniqueName('private_text'));
    keyStore = service.useDb(keyStoreDatabaseName(service.name));
    dir = await mkdtemp(path.join(tmpdir(), 'abide-private-text-'));
    provider = await FileKeyProvider.open(path.join(dir, 'master.key'), { create: true });
  });
  afterAll(async () => {
    await keyStore.dropDatabase();
    await dropTestDatabase(service);
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps one data key per member, wrapped, with the master key version that wrapped it: another instance opens what the first sealed', async () => {
    const [first, second] = [instance(), instance()];

    const sealed = await first.seal('ruth', 'For my mother-in-law', entryWords('e1'));

    expect(await second.open('ruth', sealed, entryWords('e1'))).toBe('For my mother-in-law');
    expect(await keyDoc('ruth')).toEqual({
      _id: 'ruth',
      keyId: sealed.split('.')[1],
      wrapped: expect.stringMatching(/^pt1\./),
      masterKeyVersion: 1,
      createdAt: expect.any(Date),
    });
  });

  it('settles on one key when instances make a new member’s key at the same moment', async () => {
    const instances = Array.from({ length: 4 }, instance);

    const sealed = await Promise.all(instances.map((sut, i) => sut.seal('naomi', `words ${i}`, entryWords(`n${i}`))));

    for (const [i, text] of sealed.entries()) expect(await instance().open('naomi', text, entryWords(`n${i}`))).toBe(`words ${i}`);
    expect(new Set(sealed.map((s) => s.split('.')[1])).size).toBe(1);
  });

  it('refuses one member’s ciphertext under another member’s key, and altered ciphertext', async () => {
    const sut = instance();
    const sealed = await sut.seal('boaz', 'the field at Bethlehem', entryWords('b1'));
    await sut.seal('orpah', 'home to Moab', entryWords('o1'));
    // A whole base64url character of the body (the last one may carry padding bits), changed to a different one.
    const altered = `${sealed.slice(0, -3)}${sealed.at(-3) === 'A' ? 'B' : 'A'}${sealed.slice(-2)}`;

    await expect(sut.open('orpah', sealed, entryWords('b1'))).rejects.toThrow(SealedTextError);
    await expect(sut.open('boaz', altered, entryWords('b1'))).rejects.toThrow(SealedTextError);
  });

  it('opens sealed text only in the record and field it was sealed for: copied into another, it does not open', async () => {
    const sut = instance();
    const privateEntry = await sut.seal('dinah', 'only for me', entryWords('private-1'));
    const prayer = sealedField('prayer-request', 'p1', 'text');
    const testimony = await sut.seal('dinah', 'answered', sealedField('prayer-request', 'p1', 'testimony'));

    await expect(sut.open('dinah', privateEntry, entryWords('shared-2'))).rejects.toThrow(SealedTextError);
    await expect(sut.open('dinah', privateEntry, prayer)).rejects.toThrow(SealedTextError);
    await expect(sut.open('dinah', testimony, prayer)).rejects.toThrow(SealedTextError);
    expect(await sut.open('dinah', privateEntry, entryWords('private-1'))).toBe('only for me');
  });

  it('still opens text an earlier release sealed without naming its field', async () => {
    const sut = instance();
    await sut.seal('lydia', 'first words', entryWords('l1'));
    const key = await new MemberKeys(keyStore, provider).forOpening('lydia');
    const earlier = sealWith(key!.key, key!.id, 'sealed by the previous release');

    expect(await sut.open('lydia', earlier, entryWords('l2'))).toBe('sealed by the previous release');
  });

  it('returns text an earlier event version kept in the clear as it is', async () => {
    expect(await instance().open('anyone', clearText('old words'), entryWords('x'))).toBe('old words');
  });

  it('destroys a member’s key for good: nothing of theirs opens, here or in another instance, and nothing new is sealed', async () => {
    const [sut, other] = [instance(), instance()];
    const theirs = await sut.seal('demas', 'loved this present world', entryWords('d1'));
    const mine = await sut.seal('luke', 'only Luke is with me', entryWords('l1'));
    expect(await other.open('demas', theirs, entryWords('d1'))).toBe('loved this present world');

    await sut.forget('demas');

    expect(await sut.open('demas', theirs, entryWords('d1'))).toBeNull();
    expect(await instance().open('demas', theirs, entryWords('d1'))).toBeNull();
    expect(await sut.open('luke', mine, entryWords('l1'))).toBe('only Luke is with me');
    await expect(sut.seal('demas', 'back again', entryWords('d2'))).rejects.toBeInstanceOf(MemberErasedError);
    await expect(instance().seal('demas', 'back again', entryWords('d2'))).rejects.toMatchObject({
      status: 401,
      detail: 'This account has been deleted.',
    });
    expect(await keyDoc('demas')).toEqual({ _id: 'demas', destroyedAt: expect.any(Date) });
  });

  it('refuses a write after the erasure on an instance that still holds the member’s key in memory', async () => {
    const [erasing, stale] = [instance(), instance()];
    await stale.seal('alexander', 'did me much harm', entryWords('a1'));

    await erasing.forget('alexander');

    await expect(stale.seal('alexander', 'one more word', entryWords('a2'))).rejects.toBeInstanceOf(MemberErasedError);
    expect(await keyDoc('alexander')).toEqual({ _id: 'alexander', destroyedAt: expect.any(Date) });
  });

  it('seals a copy of words just sealed under the key checked then, and checks again for a copy with no recent check', async () => {
    // This instance's key store connection reports its reads of member keys.
    const watched = await mongoose.createConnection(testMongoUrl(), { dbName: keyStore.name, monitorCommands: true }).asPromise();
    let keyReads = 0;
    watched.getClient().on('commandStarted', (event) => {
      if (event.commandName === 'find' && event.command.find === MEMBER_KEYS_COLLECTION) keyReads++;
    });
    const [sut, other] = [new PrivateText(new MemberKeys(watched, provider)), instance()];
    try {
      await sut.seal('tychicus', 'a beloved brother', entryWords('t1'));
      const checked = keyReads;

      const copy = await sut.sealCopy('tychicus', 'a beloved brother', entryWords('t2'));

      expect(keyReads).toBe(checked);
      expect(await other.open('tychicus', copy, entryWords('t2'))).toBe('a beloved brother');
      // Another instance never checked the key: it reads it, and an erased member's copy is refused there.
      await sut.forget('tychicus');
      await expect(other.sealCopy('tychicus', 'one more word', entryWords('t3'))).rejects.toBeInstanceOf(MemberErasedError);
    } finally {
      await watched.close();
    }
  });
});

describe('the key store apart from the data', () => {
  let service: Connection;
  let keyStore: Connection;

  beforeAll(async () => {
    service = await connectTestDatabase(uniqueName('key_move'));
    keyStore = service.useDb(keyStoreDatabaseName(service.name));
  });
  afterAll(async () => {
    await keyStore.dropDatabase();
    await dropTestDatabase(service);
  });

  it('moves the keys an earlier release kept in the service’s database into the key store, an erasure never undone', async () => {
    const legacy = service.collection(MEMBER_KEYS_COLLECTION);
    const store = keyStore.collection(MEMBER_KEYS_COLLECTION);
    const destroyedAt = new Date('2026-01-01T00:00:00Z');
    await legacy.insertMany([
      { _id: 'kept', keyId: 'k1', wrapped: 'w1', createdAt: destroyedAt },
      { _id: 'erased', destroyedAt },
      { _id: 'erased-late', keyId: 'k3', wrapped: 'w3' },
    ] as never[]);
    // Erased while a new instance already ran against the key store: the tombstone stands.
    await store.insertOne({ _id: 'erased-late', destroyedAt } as never);

    expect(await moveKeysIntoKeyStore(service, keyStore)).toBe(3);

    expect(await legacy.countDocuments({})).toBe(0);
    expect(await store.find({}).sort({ _id: 1 }).toArray()).toEqual([
      { _id: 'erased', destroyedAt },
      { _id: 'erased-late', destroyedAt },
      { _id: 'kept', keyId: 'k1', wrapped: 'w1', createdAt: destroyedAt },
    ]);
    expect(await moveKeysIntoKeyStore(service, keyStore)).toBe(0);
  });
});

describe('master key rotation', () => {
  let service: Connection;
  let keyStore: Connection;
  let dir: string;
  let file: string;

  beforeAll(async () => {
    service = await connectTestDatabase(uniqueName('key_rotation'));
    keyStore = service.useDb(keyStoreDatabaseName(service.name));
    dir = await mkdtemp(path.join(tmpdir(), 'abide-rotation-'));
    file = path.join(dir, 'master.key');
  });
  afterAll(async () => {
    await keyStore.dropDatabase();
    await dropTestDatabase(service);
    await rm(dir, { recursive: true, force: true });
  });

  it('re-wraps every data key under a new version, opens old text after, and retires the old version only once nothing needs it', async () => {
    const startedBefore = await FileKeyProvider.open(file, { create: true });
    const running = new PrivateText(new MemberKeys(keyStore, startedBefore));
    const sealed = await running.seal('phoebe', 'a servant of the church', entryWords('p1'));
    await running.seal('priscilla', 'risked her neck', entryWords('p2'));
    await running.forget('priscilla');

    await addMasterKeyVersion(file);
    await expect(retireMasterKeyVersion(file, keyStore, 1)).rejects.toThrow(
      /1 data key\(s\) are still wrapped by master key version 1: re-wrap/,
    );
    const provider = await FileKeyProvider.open(file, { create: false });
    expect(await rewrapDataKeys(keyStore, provider)).toBe(1);
    expect(await rewrapDataKeys(keyStore, provider)).toBe(0);
    await retireMasterKeyVersion(file, keyStore, 1);

    expect(
      (await readFile(file, 'utf8'))
        .trim()
        .split('\n')
        .map((line) => line.split(':')[0]),
    ).toEqual(['2']);
    expect(await keyStore.collection(MEMBER_KEYS_COLLECTION).findOne({ _id: 'phoebe' as never })).toMatchObject({
      masterKeyVersion: 2,
      rewrappedAt: expect.any(Date),
    });
    expect(await keyStore.collection(MEMBER_KEYS_COLLECTION).findOne({ _id: 'priscilla' as never })).not.toHaveProperty('wrapped');
    const afterRestart = new PrivateText(new MemberKeys(keyStore, await FileKeyProvider.open(file, { create: false })));
    expect(await afterRestart.open('phoebe', sealed, entryWords('p1'))).toBe('a servant of the church');
    // The instance that started before the rotation opens the re-wrapped key too (it reads the file again).
    const coldCache = new PrivateText(new MemberKeys(keyStore, startedBefore));
    expect(await coldCache.open('phoebe', sealed, entryWords('p1'))).toBe('a servant of the church');
    expect((await masterKeyUse(keyStore, provider)).byVersion).toEqual(new Map([[2, 1]]));
    await expect(retireMasterKeyVersion(file, keyStore, 2)).rejects.toThrow(/is the newest, which wraps/);
  });

  it('leaves a key destroyed during a re-wrap destroyed', async () => {
    const provider = await FileKeyProvider.open(file, { create: true });
    const texts = new PrivateText(new MemberKeys(keyStore, provider));
    await texts.seal('tertius', 'who wrote this letter', entryWords('t1'));
    await addMasterKeyVersion(file);
    const doc = await keyStore.collection(MEMBER_KEYS_COLLECTION).findOne({ _id: 'tertius' as never });

    await texts.forget('tertius');
    // As the re-wrap would write it, had it read the key just before the erasure.
    const write = await keyStore
      .collection(MEMBER_KEYS_COLLECTION)
      .updateOne({ _id: 'tertius' as never, wrapped: doc?.wrapped }, { $set: await provider.wrap(newDataKey(), 'tertius') });

    expect(write.modifiedCount).toBe(0);
    await rewrapDataKeys(keyStore, provider);
    expect(await keyStore.collection(MEMBER_KEYS_COLLECTION).findOne({ _id: 'tertius' as never })).not.toHaveProperty('wrapped');
  });

  it('is the operator’s command: rotate, status, retire, and the usage for anything else', async () => {
    // A key store of its own: every key in it is wrapped by this test's key file.
    const own = service.useDb(uniqueName('keys_command'));
    const commandFile = path.join(dir, 'command.key');
    const provider = await FileKeyProvider.open(commandFile, { create: true });
    await new PrivateText(new MemberKeys(own, provider)).seal('gaius', 'my host', entryWords('g1'));
    const before = (await masterKeyUse(own, provider)).byVersion.get(1) ?? 0;

    expect(await runMasterKeysCommand(['rotate'], commandFile, own)).toMatch(/^Added master key version 2 .* re-wrapped \d+ data key/);
    expect(await runMasterKeysCommand(['retire', '1'], commandFile, own)).toMatch(/^Retired master key version 1/);
    const status = await runMasterKeysCommand(['status'], commandFile, own);

    expect(before).toBeGreaterThan(0);
    expect(status).toMatch(/version 2 \([\w-]{16}\), wraps: \d+ data key\(s\)/);
    expect(status).not.toMatch(/version 1 /);
    await expect(runMasterKeysCommand(['retire', 'all'], commandFile, own)).rejects.toThrow(/^usage: npm run keys/);
    await expect(runMasterKeysCommand([], commandFile, own)).rejects.toThrow(/^usage: npm run keys/);
    await own.dropDatabase();
  });
});
