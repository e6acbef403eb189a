import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { MONGO_CONNECTION } from '../database/database.module';
import { FileKeyProvider, KeyFileError } from './file-key-provider';
import type { KeyProvider } from './key-provider';
import { DEFAULT_MEMBER_KEY_CACHE, type MemberKeyCacheOptions, MemberKeys } from './member-keys';
import { PrivateText } from './private-text';

/** The settings of privateTextEnv (libs/platform/src/config/env-fragments.ts), validated at boot. */
export interface PrivateTextConfig {
  MASTER_KEY_FILE: string;
  MASTER_KEY_CREATE: boolean;
}

export const KEY_PROVIDER = Symbol('KEY_PROVIDER');

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

/** PrivateText for the service's features, its data keys in the service's own database (`member_keys`). */
@Global()
@Module({})
export class PrivateTextModule {
  static forRoot(config: PrivateTextConfig, cache: MemberKeyCacheOptions = DEFAULT_MEMBER_KEY_CACHE): DynamicModule {
    return {
      module: PrivateTextModule,
      providers: [
        { provide: KEY_PROVIDER, useFactory: () => openKeyProvider(config) },
        {
          provide: PrivateText,
          useFactory: (connection: Connection, provider: KeyProvider) => new PrivateText(new MemberKeys(connection, provider, cache)),
          inject: [MONGO_CONNECTION, KEY_PROVIDER],
        },
      ],
      exports: [PrivateText],
    };
  }
}
