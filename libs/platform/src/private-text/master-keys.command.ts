import type { Connection } from 'mongoose';
import { FileKeyProvider, KeyFileError } from './file-key-provider';
import { addMasterKeyVersion, masterKeyUse, retireMasterKeyVersion, rewrapDataKeys } from './key-rotation';

export const MASTER_KEYS_USAGE = [
  'usage: npm run keys -- <status | rotate | rewrap | retire <version>> [formation|community]',
  '  status          the master key versions of the key file, and how many data keys each wraps',
  '  rotate          adds a master key version to the key file and re-wraps every data key under it',
  '  rewrap          re-wraps every data key under the newest version (after adding one to a mounted Secret)',
  '  retire <n>      deletes version n from the key file, once no data key needs it',
].join('\n');

/**
 * The operator's master key command (docs/architecture.md, "Private text at rest"), on one service's key file and key
 * store; returns what it did, or throws KeyFileError with the reason (a refusal is exit code 1).
 */
export const runMasterKeysCommand = async (args: readonly string[], file: string, keyStore: Connection): Promise<string> => {
  const [action, version] = args;
  switch (action) {
    case 'status': {
      const provider = await FileKeyProvider.open(file, { create: false });
      const use = await masterKeyUse(keyStore, provider);
      const lines = provider.heldVersions.map(
        (v) =>
          `  version ${v.version} (${v.fingerprint})${v.version === provider.newest.version ? ', wraps' : ''}: ${use.byVersion.get(v.version) ?? 0} data key(s)`,
      );
      const lost = use.byVersion.get(null) ?? 0;
      if (lost) lines.push(`  a master key this file no longer holds: ${lost} data key(s), which nothing here can open`);
      return [`${file}, key store ${keyStore.name}:`, ...lines, `  erased members (tombstones): ${use.erased}`].join('\n');
    }
    case 'rotate': {
      const added = await addMasterKeyVersion(file);
      const rewrapped = await rewrapDataKeys(keyStore, await FileKeyProvider.open(file, { create: false }));
      return `Added master key version ${added} to ${file} and re-wrapped ${rewrapped} data key(s) under it; retire the older version(s) once every instance runs with this file (npm run keys -- retire <version>)`;
    }
    case 'rewrap': {
      const provider = await FileKeyProvider.open(file, { create: false });
      const rewrapped = await rewrapDataKeys(keyStore, provider);
      return `Re-wrapped ${rewrapped} data key(s) under master key version ${provider.newest.version}`;
    }
    case 'retire': {
      if (!/^\d+$/.test(version ?? '')) throw new KeyFileError(MASTER_KEYS_USAGE);
      await retireMasterKeyVersion(file, keyStore, Number(version));
      return `Retired master key version ${version}: deleted from ${file}. Delete it wherever else it is kept (a Secret, a copy), and the key store backups it wrapped`;
    }
    default:
      throw new KeyFileError(MASTER_KEYS_USAGE);
  }
};
