import { clearText } from '@abide/contracts';
import { connectTestDatabase, dropTestDatabase, uniqueName } from '@abide/messaging/src/testing/test-engines';
import type { Connection } from 'mongoose';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FileKeyProvider } from './file-key-provider';
import { MEMBER_KEYS_COLLECTION, MemberErasedError, MemberKeys } from './member-keys';
import { PrivateText } from './private-text';
import { SealedTextError } from './sealed-text-cipher';

describe(PrivateText.name, () => {
  let connection: Connection;
  let dir: string;
  let provider: FileKeyProvider;
  /** One service instance: its own cache of unwrapped keys over the shared key store. */
  const instance = () => new PrivateText(new MemberKeys(connection, provider));

  beforeAll(async () => {
    connection = await connectTestDatabase(uniqueName('private_text'));
    dir = await mkdtemp(path.join(tmpdir(), 'abide-private-text-'));
    provider = await FileKeyProvider.open(path.join(dir, 'master.key'), { create: true });
  });
  afterAll(async () => {
    await dropTestDatabase(connection);
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps one data key per member, wrapped: another instance opens what the first sealed', async () => {
    const [first, second] = [instance(), instance()];

    const sealed = await first.seal('ruth', 'For my mother-in-law');

    expect(await second.open('ruth', sealed)).toBe('For my mother-in-law');
    const doc = await connection.collection(MEMBER_KEYS_COLLECTION).findOne({ _id: 'ruth' as never });
    expect(doc).toEqual({ _id: 'ruth', keyId: sealed.split('.')[1], wrapped: expect.stringMatching(/^pt1\./), createdAt: expect.any(Date) });
  });

  it('settles on one key when instances make a new member’s key at the same moment', async () => {
    const instances = Array.from({ length: 4 }, instance);

    const sealed = await Promise.all(instances.map((sut, i) => sut.seal('naomi', `words ${i}`)));

    for (const [i, text] of sealed.entries()) expect(await instance().open('naomi', text)).toBe(`words ${i}`);
    expect(new Set(sealed.map((s) => s.split('.')[1])).size).toBe(1);
  });

  it('refuses one member’s ciphertext under another member’s key, and altered ciphertext', async () => {
    const sut = instance();
    const sealed = await sut.seal('boaz', 'the field at Bethlehem');
    await sut.seal('orpah', 'home to Moab');
    const altered = `${sealed.slice(0, -3)}${sealed.endsWith('A') ? 'B' : 'A'}${sealed.slice(-2)}`;

    await expect(sut.open('orpah', sealed)).rejects.toThrow(SealedTextError);
    await expect(sut.open('boaz', altered)).rejects.toThrow(SealedTextError);
  });

  it('returns text an earlier event version kept in the clear as it is', async () => {
    expect(await instance().open('anyone', clearText('old words'))).toBe('old words');
  });

  it('destroys a member’s key for good: nothing of theirs opens, here or in another instance, and nothing new is sealed', async () => {
    const [sut, other] = [instance(), instance()];
    const theirs = await sut.seal('demas', 'loved this present world');
    const mine = await sut.seal('luke', 'only Luke is with me');
    expect(await other.open('demas', theirs)).toBe('loved this present world');

    await sut.forget('demas');

    expect(await sut.open('demas', theirs)).toBeNull();
    expect(await instance().open('demas', theirs)).toBeNull();
    expect(await sut.open('luke', mine)).toBe('only Luke is with me');
    await expect(sut.seal('demas', 'back again')).rejects.toBeInstanceOf(MemberErasedError);
    await expect(instance().seal('demas', 'back again')).rejects.toMatchObject({ status: 401, detail: 'This account has been deleted.' });
    expect(await connection.collection(MEMBER_KEYS_COLLECTION).findOne({ _id: 'demas' as never })).toEqual({
      _id: 'demas',
      destroyedAt: expect.any(Date),
    });
  });
});
