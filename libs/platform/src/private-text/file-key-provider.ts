import { createHash, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { KeyProvider } from './key-provider';
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

const readMasterKey = async (file: string): Promise<Buffer> => {
  const info = await stat(file);
  if (!info.isFile()) throw new KeyFileError(`MASTER_KEY_FILE ${file} is not a file`);
  if ((info.mode & LOOSE_MODE_BITS) !== 0) {
    const mode = (info.mode & 0o777).toString(8).padStart(3, '0');
    throw new KeyFileError(`MASTER_KEY_FILE ${file} is open to others (mode ${mode}): make it readable by its owner only (chmod 600)`);
  }
  const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  if (key.length !== KEY_BYTES) {
    throw new KeyFileError(`MASTER_KEY_FILE ${file} must hold ${KEY_BYTES} random bytes in base64 (openssl rand -base64 ${KEY_BYTES})`);
  }
  return key;
};

/**
 * The development and test key provider: the master key is 32 random bytes in a file outside the checkout (made on
 * first start with mode 0600 when `create` allows it), and a data key is wrapped with it as sealed text whose key id is
 * the master key's fingerprint, so a wrong key file is named as such instead of failing as tampering.
 */
export class FileKeyProvider implements KeyProvider {
  readonly masterKeyName: string;

  private constructor(
    private readonly masterKey: Buffer,
    private readonly fingerprint: string,
    file: string,
  ) {
    this.masterKeyName = `file ${file} (${fingerprint})`;
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
    const key = await readMasterKey(file).catch((cause: Error) => {
      throw cause instanceof KeyFileError ? cause : new KeyFileError(`MASTER_KEY_FILE ${file}: ${cause.message}`);
    });
    const fingerprint = createHash('sha256').update(key).digest().subarray(0, KEY_ID_BYTES).toString('base64url');
    return new FileKeyProvider(key, fingerprint, file);
  }

  // async: a failure is a rejection, as with a KMS.
  async wrap(dataKey: Buffer, context: string): Promise<string> {
    return sealWith(this.masterKey, this.fingerprint, dataKey, context);
  }

  async unwrap(wrapped: string, context: string): Promise<Buffer> {
    const parts = parseSealedText(wrapped);
    if (parts.keyId !== this.fingerprint) {
      throw new SealedTextError(`a data key was wrapped by master key ${parts.keyId}, not by ${this.masterKeyName}`);
    }
    return openWith(this.masterKey, parts, context);
  }
}
