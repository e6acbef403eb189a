import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FileKeyProvider, KeyFileError } from './file-key-provider';
import { addMasterKeyVersion } from './key-rotation';
import { newDataKey, SealedTextError } from './sealed-text-cipher';

describe(FileKeyProvider.name, () => {
  let dir: string;
  let file: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'abide-keys-'));
    file = path.join(dir, 'keys', 'master.key');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('makes the key file on first start, readable by its owner only, and finds the same key there afterwards', async () => {
    const first = await FileKeyProvider.open(file, { create: true });
    const dataKey = newDataKey();
    const wrapped = await first.wrap(dataKey, 'member-1');

    const again = await FileKeyProvider.open(file, { create: true });

    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')).toHaveLength(32);
    expect(await again.unwrap(wrapped.wrapped, 'member-1')).toEqual(dataKey);
    expect(wrapped).toEqual({ wrapped: expect.stringMatching(/^pt1\./), masterKeyVersion: 1 });
    expect(wrapped.wrapped).not.toContain(dataKey.toString('base64url'));
  });

  it('settles on one key when several processes start at once', async () => {
    const providers = await Promise.all(Array.from({ length: 5 }, () => FileKeyProvider.open(file, { create: true })));
    const dataKey = newDataKey();

    for (const provider of providers) expect(await providers[0].unwrap((await provider.wrap(dataKey, 'm')).wrapped, 'm')).toEqual(dataKey);
  });

  it('unwraps a data key only for the member it was wrapped for', async () => {
    const provider = await FileKeyProvider.open(file, { create: true });
    const wrapped = await provider.wrap(newDataKey(), 'member-1');

    await expect(provider.unwrap(wrapped.wrapped, 'member-2')).rejects.toThrow(SealedTextError);
  });

  it('names the master key when a data key was wrapped by another one', async () => {
    const other = await FileKeyProvider.open(path.join(dir, 'other.key'), { create: true });
    const provider = await FileKeyProvider.open(file, { create: true });

    await expect(provider.unwrap((await other.wrap(newDataKey(), 'm')).wrapped, 'm')).rejects.toThrow(
      /wrapped by master key .*, not by any version of file/,
    );
  });

  it('refuses to start without the file when it may not make one', async () => {
    await expect(FileKeyProvider.open(file, { create: false })).rejects.toThrow(
      new KeyFileError(
        `MASTER_KEY_FILE ${file} does not exist: provision the master key there (MASTER_KEY_CREATE=true makes one on first start, for development only)`,
      ),
    );
  });

  it('refuses a key file others can read', async () => {
    await FileKeyProvider.open(file, { create: true });
    await chmod(file, 0o644);

    await expect(FileKeyProvider.open(file, { create: true })).rejects.toThrow(/open to others \(mode 644\).*chmod 600/);
  });

  it('accepts a key file its group may read (a Kubernetes Secret mounted with an fsGroup)', async () => {
    await FileKeyProvider.open(file, { create: true });
    await chmod(file, 0o440);

    await expect(FileKeyProvider.open(file, { create: false })).resolves.toBeInstanceOf(FileKeyProvider);
  });

  it('refuses a file that does not hold 32 bytes in base64', async () => {
    await writeFile(file.replace('keys/', ''), 'replace-me-with-32-random-bytes\n', { mode: 0o600 });

    await expect(FileKeyProvider.open(file.replace('keys/', ''), { create: false })).rejects.toThrow(/must hold 32 random bytes in base64/);
  });

  it('refuses a relative path and a path inside the checkout', async () => {
    await expect(FileKeyProvider.open('keys/master.key', { create: true })).rejects.toThrow(/absolute path/);
    await expect(FileKeyProvider.open(path.join(dir, 'master.key'), { create: true, notInside: dir })).rejects.toThrow(
      /keep the key outside the checkout/,
    );
  });

  it('wraps with the newest version once one is added, and still unwraps what older versions wrapped, without a restart', async () => {
    const sut = await FileKeyProvider.open(file, { create: true });
    const dataKey = newDataKey();
    const old = await sut.wrap(dataKey, 'm');

    expect(await addMasterKeyVersion(file)).toBe(2);
    const fresh = await sut.wrap(dataKey, 'm');

    expect(fresh.masterKeyVersion).toBe(2);
    expect(old.masterKeyVersion).toBe(1);
    expect(await sut.unwrap(old.wrapped, 'm')).toEqual(dataKey);
    expect(await sut.unwrap(fresh.wrapped, 'm')).toEqual(dataKey);
    expect([await sut.versionOf(old.wrapped), await sut.versionOf(fresh.wrapped)]).toEqual([1, 2]);
    expect(
      (await readFile(file, 'utf8'))
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split(':')[0]),
    ).toEqual(['1', '2']);
  });

  it('unwraps a key wrapped by a version added after it started (another instance rotated)', async () => {
    const started = await FileKeyProvider.open(file, { create: true });
    await addMasterKeyVersion(file);
    const other = await FileKeyProvider.open(file, { create: false });
    const dataKey = newDataKey();

    expect(await started.unwrap((await other.wrap(dataKey, 'm')).wrapped, 'm')).toEqual(dataKey);
  });

  it('refuses a key file that names one version twice, or mixes a bare key with numbered ones', async () => {
    const key = () => newDataKey().toString('base64');
    await writeFile(path.join(dir, 'twice.key'), `1:${key()}\n1:${key()}\n`, { mode: 0o600 });
    await writeFile(path.join(dir, 'mixed.key'), `${key()}\n2:${key()}\n`, { mode: 0o600 });

    await expect(FileKeyProvider.open(path.join(dir, 'twice.key'), { create: false })).rejects.toThrow(/names a master key version twice/);
    await expect(FileKeyProvider.open(path.join(dir, 'mixed.key'), { create: false })).rejects.toThrow(/one <version>:<key> line per/);
  });
});
