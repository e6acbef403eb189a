import type { Connection } from 'mongoose';
import { FileKeyProvider, KeyFileError, newMasterKeyVersion, readKeyFile, writeKeyFile } from './file-key-provider';
import type { KeyProvider } from './key-provider';
import { MEMBER_KEYS_COLLECTION, type MemberKeyDocument } from './member-keys';

/**
 * Master key rotation (docs/architecture.md, "Private text at rest"): add a version, re-wrap every data key under it,
 * retire the old one. The data keys and the text sealed with them stay as they are; only their wrapping changes, so a
 * copy of the key store wrapped by a retired version opens nothing.
 */

/** How many live data keys each master key version wraps (`null`: a version the provider no longer holds), and tombstones. */
export interface MasterKeyUse {
  byVersion: Map<number | null, number>;
  erased: number;
}

const keysOf = (keyStore: Connection) => keyStore.collection<MemberKeyDocument>(MEMBER_KEYS_COLLECTION);

export const masterKeyUse = async (keyStore: Connection, provider: KeyProvider): Promise<MasterKeyUse> => {
  const use: MasterKeyUse = { byVersion: new Map(), erased: 0 };
  // The wrapped key's own header names its master key: the recorded version is for reading, this is the proof.
  for await (const doc of keysOf(keyStore).find({})) {
    if (!doc.wrapped) {
      use.erased++;
      continue;
    }
    const version = await provider.versionOf(doc.wrapped);
    use.byVersion.set(version, (use.byVersion.get(version) ?? 0) + 1);
  }
  return use;
};

/**
 * Wraps again, under the newest master key version, every data key wrapped by an older one; returns how many. Each
 * write is conditional on the wrapped key being the one read, so a key destroyed meanwhile (an erasure) stays
 * destroyed. Safe to run while the service serves, and again after a crash.
 */
export const rewrapDataKeys = async (keyStore: Connection, provider: KeyProvider): Promise<number> => {
  const newest = await provider.newestVersion();
  const keys = keysOf(keyStore);
  let rewrapped = 0;
  for await (const doc of keys.find({})) {
    if (!doc.wrapped || (await provider.versionOf(doc.wrapped)) === newest) continue;
    const dataKey = await provider.unwrap(doc.wrapped, doc._id);
    const wrapped = await provider.wrap(dataKey, doc._id);
    const result = await keys.updateOne({ _id: doc._id, wrapped: doc.wrapped }, { $set: { ...wrapped, rewrappedAt: new Date() } });
    rewrapped += result.modifiedCount;
  }
  return rewrapped;
};

/** Adds a master key version to the key file, one above the newest: it wraps from then on. */
export const addMasterKeyVersion = async (file: string): Promise<number> => {
  const versions = await readKeyFile(file);
  const added = newMasterKeyVersion(versions);
  await writeKeyFile(file, [...versions, added]);
  return added.version;
};

/**
 * Deletes a master key version from the key file, once no live data key is wrapped by it (re-wrap first). Never the
 * newest: it is the one that wraps.
 */
export const retireMasterKeyVersion = async (file: string, keyStore: Connection, version: number): Promise<void> => {
  const provider = await FileKeyProvider.open(file, { create: false });
  const versions = await readKeyFile(file);
  if (!versions.some((v) => v.version === version)) throw new KeyFileError(`${file} holds no master key version ${version}`);
  if (version === provider.newest.version) {
    throw new KeyFileError(`master key version ${version} is the newest, which wraps: add a version and re-wrap before retiring it`);
  }
  const still = (await masterKeyUse(keyStore, provider)).byVersion.get(version) ?? 0;
  if (still > 0) throw new KeyFileError(`${still} data key(s) are still wrapped by master key version ${version}: re-wrap them first`);
  await writeKeyFile(
    file,
    versions.filter((v) => v.version !== version),
  );
};
