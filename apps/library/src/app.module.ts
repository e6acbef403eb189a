import { kafkaConnection, kafkaEventTransport, MessagingModule } from '@abide/messaging';
import { DynamicModule, Module } from '@nestjs/common';
import { EventSourcingModule } from '@abide/event-store';
import { MONGO_CONNECTION, ServiceConfigModule, ServiceCoreModule } from '@abide/platform';
import { AccountModule } from './account/account.module';
import { LIBRARY_CONFIG, type LibraryConfig } from './config/env.schema';
import { DirectoryModule } from './directory/directory.module';
import { FilesModule } from './files/files.module';
import { LibraryMigrations } from './library.migration';
import { LogosModule } from './logos/logos.module';
import { OpsModule } from './ops/ops.module';
import { ResourcesModule } from './resources/resources.module';

/**
 * The library service: resources and their files, processing, moderation, downloads, churches' logos. One module per
 * feature, each declaring its own read models and reaching other features only through their ports.
 */
@Module({})
export class AppModule {
  static forRoot(config: LibraryConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceCoreModule.forRoot({ service: 'library', config }),
        ServiceConfigModule.forRoot(LIBRARY_CONFIG, config),
        MessagingModule.forRoot({ connection: MONGO_CONNECTION, kafka: { clientId: config.KAFKA_CLIENT_ID, ...kafkaConnection(config) } }),
        EventSourcingModule.forRoot({
          service: 'library',
          connection: MONGO_CONNECTION,
          transport: kafkaEventTransport,
          redis: { url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX },
        }),
        FilesModule,
        DirectoryModule,
        ResourcesModule,
        LogosModule,
        AccountModule,
        OpsModule.forRoot(config),
      ],
      // One list of the library's one-time data steps, run after every feature module is ready.
      providers: [LibraryMigrations],
    };
  }
}
