import { chmod, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FileKeyProvider, KeyFileError } from './file-key-provider';
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
    expect(await again.unwrap(wrapped, 'member-1')).toEqual(dataKey);
    expect(wrapped).not.toContain(dataKey.toString('base64url'));
  });

  it('settles on one key when several processes start at once', async () => {
    const providers = await Promise.all(Array.from({ length: 5 }, () => FileKeyProvider.open(file, { create: true })));
    const dataKey = newDataKey();

    for (const provider of providers) expect(await providers[0].unwrap(await provider.wrap(dataKey, 'm'), 'm')).toEqual(dataKey);
  });

  it('unwraps a data key only for the member it was wrapped for', async () => {
    const provider = await FileKeyProvider.open(file, { create: true });
    const wrapped = await provider.wrap(newDataKey(), 'member-1');

    await expect(provider.unwrap(wrapped, 'member-2')).rejects.toThrow(SealedTextError);
  });

  it('names the master key when a data key was wrapped by another one', async () => {
    const other = await FileKeyProvider.open(path.join(dir, 'other.key'), { create: true });
    const provider = await FileKeyProvider.open(file, { create: true });

    await expect(provider.unwrap(await other.wrap(newDataKey(), 'm'), 'm')).rejects.toThrow(/wrapped by master key .* not by file/);
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
});
