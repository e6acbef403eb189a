import { type DynamicModule, Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { MONGO_CONNECTION } from '../database/database.module';
import { FileKeyProvider, KeyFileError } from './file-key-provider';
import type { KeyProvider } from './key-provider';
import { type KeyStore, type KeyStoreConfig, moveKeysIntoKeyStore, openKeyStore } from './key-store';
import { DEFAULT_MEMBER_KEY_CACHE, type MemberKeyCacheOptions, MemberKeys } from './member-keys';
import { PrivateText } from './private-text';

/** The settings of privateTextEnv (libs/platform/src/config/env-fragments.ts), validated at boot. */
export interface PrivateTextConfig extends KeyStoreConfig {
  MASTER_KEY_FILE: string;
  MASTER_KEY_CREATE: boolean;
}

export const KEY_PROVIDER = Symbol('KEY_PROVIDER');
export const KEY_STORE = Symbol('KEY_STORE');

/** The configured key provider: the key file, made on first start when allowed; never a file inside the checkout. */
export const openKeyProvider = (config: PrivateTextConfig): Promise<KeyProvider> =>
  FileKeyProvider.open(config.MASTER_KEY_FILE, {
    create: config.MASTER_KEY_CREATE,
    notInside: process.cwd() === '/' ? undefined : process.cwd(),
  });

/** For main.ts, before the service starts: a key file it cannot use is a configuration error (status 78, the reason on stderr). */
export const openKeyProviderOrExit = async (service: string, config: PrivateTextConfig): Promise<KeyProvider> => {
  try {
    return await openKeyProvider(config);
  } catch (error) {
    if (!(error instanceof KeyFileError)) throw error;
    process.stderr.write(`${service}: ${error.message}\n`);
    process.exit(78);
  }
};

/**
 * PrivateText for the service's features, its data keys in the key store (key-store.ts: a database apart from the
 * service's data). Keys an earlier release kept in the service's database are moved there before the service serves.
 */
@Global()
@Module({})
export class PrivateTextModule implements OnApplicationShutdown {
  constructor(@Inject(KEY_STORE) private readonly keyStore: KeyStore) {}

  static forRoot(config: PrivateTextConfig, cache: MemberKeyCacheOptions = DEFAULT_MEMBER_KEY_CACHE): DynamicModule {
    return {
      module: PrivateTextModule,
      providers: [
        { provide: KEY_PROVIDER, useFactory: () => openKeyProvider(config) },
        {
          provide: KEY_STORE,
          useFactory: async (connection: Connection): Promise<KeyStore> => {
            const keyStore = await openKeyStore(connection, config);
            const moved = await moveKeysIntoKeyStore(connection, keyStore.connection);
            if (moved) new Logger(PrivateTextModule.name).log(`Moved ${moved} data key(s) into the key store ${keyStore.connection.name}`);
            return keyStore;
          },
          inject: [MONGO_CONNECTION],
        },
        {
          provide: PrivateText,
          useFactory: (keyStore: KeyStore, provider: KeyProvider) => new PrivateText(new MemberKeys(keyStore.connection, provider, cache)),
          inject: [KEY_STORE, KEY_PROVIDER],
        },
      ],
      exports: [PrivateText, KEY_STORE],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.keyStore.own) await this.keyStore.connection.close();
  }
}
