import { kafkaConnection } from '@abide/messaging';
import { DynamicModule, Module } from '@nestjs/common';
import { EventSourcingModule } from '@abide/event-store';
import { MONGO_CONNECTION, ServiceCoreModule } from '@abide/platform';
import { AccountExportController } from './account/account-export.controller';
import { LIBRARY_CONFIG, type LibraryConfig } from './config/env.schema';
import { Directory } from './directory/directory';
import { DirectoryConsumer } from './directory/directory.consumer';
import { DirectoryEvents } from './directory/directory-events';
import { MemberGroupsMigration } from './directory/member-groups.migration';
import { OpsModule } from './ops/ops.module';
import { ResourceLive } from './resources/live/resource-live';
import { ResourceCommands } from './resources/commands/resource-commands';
import { DownloadService } from './resources/download.service';
import { ObjectStore } from './resources/files/object-store';
import { UploadIntake } from './resources/files/upload-intake';
import { ProcessingQueue } from './resources/commands/processing-queue';
import { ResourceProcessor } from './resources/jobs/resource-processor';
import { ModerationController } from './resources/moderation.controller';
import { AuditProjection } from './resources/projections/audit.projection';
import { CatalogueProjection } from './resources/projections/catalogue.projection';
import { ResourceProjection } from './resources/projections/resource.projection';
import { ResourceQueries } from './resources/resource-queries';
import { UploadService } from './resources/upload.service';
import { UploadsController } from './resources/uploads.controller';
import { LogoProjection } from './logos/logo.projection';
import { LogoService } from './logos/logo-service';
import { LogosController } from './logos/logos.controller';

/** The library service: resources and their files, processing, moderation, downloads, churches' logos. */
@Module({})
export class AppModule {
  static forRoot(config: LibraryConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceCoreModule.forRoot({ service: 'library', config }),
        EventSourcingModule.forRoot({
          service: 'library',
          connection: MONGO_CONNECTION,
          kafka: { clientId: config.KAFKA_CLIENT_ID, ...kafkaConnection(config) },
          projections: [ResourceProjection, AuditProjection, CatalogueProjection, LogoProjection],
        }),
        OpsModule.forRoot(config),
      ],
      controllers: [UploadsController, ModerationController, LogosController, AccountExportController, DirectoryConsumer],
      providers: [
        { provide: LIBRARY_CONFIG, useValue: config },
        ObjectStore,
        UploadIntake,
        ProcessingQueue,
        ResourceCommands,
        ResourceLive,
        ResourceProcessor,
        ResourceQueries,
        UploadService,
        DownloadService,
        Directory,
        DirectoryEvents,
        MemberGroupsMigration,
        LogoService,
      ],
    };
  }
}
