import { createHash, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { KeyProvider, WrappedDataKey } from './key-provider';
import { KEY_BYTES, KEY_ID_BYTES, openWith, parseSealedText, SealedTextError, sealWith } from './sealed-text-cipher';

/** A key file the service cannot use: it does not start (main.ts exits with the reason). */
export class KeyFileError extends Error {
  override readonly name = 'KeyFileError';
}

export interface KeyFileOptions {
  /** Makes the file when it is missing (development and tests); production provisions it (MASTER_KEY_CREATE). */
  create: boolean;
  /** A folder the file must not be in: the checkout, so a key is never committed by mistake. */
  notInside?: string;
}

const inside = (folder: string, file: string): boolean => {
  const rel = path.relative(path.resolve(folder), file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/** Group write and anything for others: a key file readable by its owner (and, where the platform mounts it so, its group) only. */
const LOOSE_MODE_BITS = 0o037;

/**
 * Written whole under a temporary name, then linked to its name: another process starting at the same time finds
 * either no file or the complete one, and one of the two keys wins for both.
 */
const createKeyFile = async (file: string): Promise<void> => {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temporary, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(temporary);
  }
};

/** One master key version of a key file: `<version>:<32 bytes in base64>` on a line; a lone bare line is version 1. */
export interface MasterKeyVersion {
  version: number;
  key: Buffer;
  /** Names the key in wrapped keys and errors without showing it: the first bytes of its SHA-256, base64url. */
  fingerprint: string;
}

const fingerprintOf = (key: Buffer): string => createHash('sha256').update(key).digest().subarray(0, KEY_ID_BYTES).toString('base64url');

const parseKeyFile = (file: string, text: string): MasterKeyVersion[] => {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const versions = lines.map((line) => {
    const [, number, base64] = /^(?:(\d{1,6}):)?(\S+)$/.exec(line) ?? [];
    const key = Buffer.from(base64 ?? '', 'base64');
    if (key.length !== KEY_BYTES || (!number && lines.length > 1)) {
      throw new KeyFileError(
        `MASTER_KEY_FILE ${file} must hold ${KEY_BYTES} random bytes in base64 (openssl rand -base64 ${KEY_BYTES}), or one <version>:<key> line per master key version`,
      );
    }
    return { version: number ? Number(number) : 1, key, fingerprint: fingerprintOf(key) };
  });
  if (versions.length === 0) throw new KeyFileError(`MASTER_KEY_FILE ${file} holds no master key`);
  if (new Set(versions.map((v) => v.version)).size !== versions.length) {
    throw new KeyFileError(`MASTER_KEY_FILE ${file} names a master key version twice`);
  }
  return versions.sort((a, b) => a.version - b.version);
};

/** The master key versions of a key file, oldest first; KeyFileError when the file may not be used. */
export const readKeyFile = async (file: string): Promise<MasterKeyVersion[]> => {
  const info = await stat(file);
  if (!info.isFile()) throw new KeyFileError(`MASTER_KEY_FILE ${file} is not a file`);
  if ((info.mode & LOOSE_MODE_BITS) !== 0) {
    const mode = (info.mode & 0o777).toString(8).padStart(3, '0');
    throw new KeyFileError(`MASTER_KEY_FILE ${file} is open to others (mode ${mode}): make it readable by its owner only (chmod 600)`);
  }
  return parseKeyFile(file, await readFile(file, 'utf8'));
};

/** Replaces the key file whole (written under a temporary name, then renamed): a service reading it sees the old or the new one. */
export const writeKeyFile = async (file: string, versions: readonly MasterKeyVersion[]): Promise<void> => {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const text = versions.map((v) => `${v.version}:${v.key.toString('base64')}\n`).join('');
  await writeFile(temporary, text, { mode: 0o600, flag: 'wx' });
  try {
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
};

/** A new master key version, one above the newest. */
export const newMasterKeyVersion = (versions: readonly MasterKeyVersion[]): MasterKeyVersion => {
  const key = randomBytes(KEY_BYTES);
  return { version: Math.max(0, ...versions.map((v) => v.version)) + 1, key, fingerprint: fingerprintOf(key) };
};

/**
 * The development and test key provider: master keys of 32 random bytes in a file outside the checkout (made on first
 * start with mode 0600 when `create` allows it, as version 1), one version per line. A data key is wrapped by the
 * newest version as sealed text whose key id is that key's fingerprint, so it names the version that can unwrap it,
 * and a wrong or retired key is named as such instead of failing as tampering. The file is read again before each
 * wrap (once per member) and when a wrapped key names a version this process does not hold, so a rotation or a
 * retirement reaches running instances without a restart.
 */
export class FileKeyProvider implements KeyProvider {
  private versions: MasterKeyVersion[];
  private reading: Promise<void> | null = null;

  private constructor(
    private readonly file: string,
    versions: MasterKeyVersion[],
  ) {
    this.versions = versions;
  }

  get masterKeyName(): string {
    const newest = this.newest;
    return `file ${this.file} version ${newest.version} (${newest.fingerprint})`;
  }

  get newest(): MasterKeyVersion {
    return this.versions[this.versions.length - 1];
  }

  /** The versions it holds, oldest first (numbers and fingerprints: for the operator command). */
  get heldVersions(): ReadonlyArray<{ version: number; fingerprint: string }> {
    return this.versions.map(({ version, fingerprint }) => ({ version, fingerprint }));
  }

  static async open(file: string, options: KeyFileOptions): Promise<FileKeyProvider> {
    if (!path.isAbsolute(file)) throw new KeyFileError(`MASTER_KEY_FILE must be an absolute path, not ${file}`);
    if (options.notInside && inside(options.notInside, file)) {
      throw new KeyFileError(`MASTER_KEY_FILE ${file} is inside ${options.notInside}: keep the key outside the checkout`);
    }
    try {
      await stat(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        throw new KeyFileError(`MASTER_KEY_FILE ${file}: ${(error as Error).message}`);
      if (!options.create) {
        throw new KeyFileError(
          `MASTER_KEY_FILE ${file} does not exist: provision the master key there (MASTER_KEY_CREATE=true makes one on first start, for development only)`,
        );
      }
      await createKeyFile(file).catch((cause: Error) => {
        throw new KeyFileError(`MASTER_KEY_FILE ${file} could not be created: ${cause.message}`);
      });
    }
    return new FileKeyProvider(file, await FileKeyProvider.read(file));
  }

  private static read(file: string): Promise<MasterKeyVersion[]> {
    return readKeyFile(file).catch((cause: Error) => {
      throw cause instanceof KeyFileError ? cause : new KeyFileError(`MASTER_KEY_FILE ${file}: ${cause.message}`);
    });
  }

  /** Reads the file again; one read at a time, and a file that cannot be read leaves the versions held as they were. */
  async reload(): Promise<void> {
    this.reading ??= FileKeyProvider.read(this.file)
      .then((versions) => {
        this.versions = versions;
      })
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }

  async newestVersion(): Promise<number> {
    await this.reload();
    return this.newest.version;
  }

  async wrap(dataKey: Buffer, context: string): Promise<WrappedDataKey> {
    // Never under a version retired since this process read the file: no one could unwrap it.
    await this.reload();
    const { key, fingerprint, version } = this.newest;
    return { wrapped: sealWith(key, fingerprint, dataKey, context), masterKeyVersion: version };
  }

  async unwrap(wrapped: string, context: string): Promise<Buffer> {
    const parts = parseSealedText(wrapped);
    const master = await this.held(parts.keyId);
    if (!master) {
      throw new SealedTextError(`a data key was wrapped by master key ${parts.keyId}, not by any version of file ${this.file} (retired?)`);
    }
    return openWith(master.key, parts, context);
  }

  async versionOf(wrapped: string): Promise<number | null> {
    return (await this.held(parseSealedText(wrapped).keyId))?.version ?? null;
  }

  /** The held version with this fingerprint, reading the file again once when none has it (a rotation since boot). */
  private async held(fingerprint: string): Promise<MasterKeyVersion | undefined> {
    const find = () => this.versions.find((v) => v.fingerprint === fingerprint);
    if (find()) return find();
    await this.reload().catch(() => undefined);
    return find();
  }
}
