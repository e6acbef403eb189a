import mongoose from 'mongoose';
import { z } from 'zod';
import { loadConfigOrExit } from '../config/load-config';
import { mongoEnv, privateTextEnv } from '../config/env-fragments';
import { openKeyStore } from './key-store';
import { runMasterKeysCommand } from './master-keys.command';

/**
 * `npm run keys -- <status|rotate|rewrap|retire <n>>` (tools/dev/keys.mjs): runs with one service's settings (its
 * database, key store and key file), without the service itself.
 */
const main = async (): Promise<void> => {
  const config = loadConfigOrExit('keys', z.object({ ...mongoEnv, ...privateTextEnv }));
  const service = await mongoose
    .createConnection(config.MONGO_URL, { dbName: config.MONGO_DB, serverSelectionTimeoutMS: 5000 })
    .asPromise();
  const keyStore = await openKeyStore(service, config);
  try {
    process.stdout.write(`${await runMasterKeysCommand(process.argv.slice(2), config.MASTER_KEY_FILE, keyStore.connection)}\n`);
  } finally {
    if (keyStore.own) await keyStore.connection.close();
    await service.close();
  }
};

main().catch((error: Error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
