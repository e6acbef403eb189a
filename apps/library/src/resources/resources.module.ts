import { Module } from '@nestjs/common';
import { EventSourcingModule } from '@abide/event-store';
import { DirectoryModule } from '../directory/directory.module';
import { MemberDepartures } from '../directory/directory.port';
import { FilesModule } from '../files/files.module';
import { ProcessingQueue } from './commands/processing-queue';
import { ResourceCommands } from './commands/resource.commands';
import { DownloadService } from './download.service';
import { ResourceProcessor } from './jobs/resource-processor';
import { ResourceLive } from './live/resource-live';
import { ModerationController } from './moderation.controller';
import { AuditProjection } from './projections/audit.projection';
import { CatalogueProjection } from './projections/catalogue.projection';
import { ResourceProjection } from './projections/resource.projection';
import { ResourceQueries } from './resource.queries';
import { UploadService } from './upload.service';
import { UploadsController } from './uploads.controller';
import { portProvider } from '@abide/platform';
import { ResourcesExportQuery } from './resources.port';

const readModels = EventSourcingModule.forFeature([ResourceProjection, AuditProjection, CatalogueProjection]);

/** Resources: uploads, their processing, moderation, the catalogue and downloads. */
@Module({
  imports: [DirectoryModule, FilesModule, readModels],
  controllers: [UploadsController, ModerationController],
  providers: [
    ProcessingQueue,
    ResourceCommands,
    ResourceLive,
    ResourceProcessor,
    ResourceQueries,
    UploadService,
    DownloadService,
    portProvider(ResourcesExportQuery, ResourceQueries),
  ],
  exports: [ResourcesExportQuery],
})
export class ResourcesModule {
  constructor(departures: MemberDepartures, resources: ResourceCommands) {
    // Account deletion: every resource of the member goes, files too, and the log keeps none of their words.
    departures.listen((userId, meta) => resources.purgeOwner(userId, meta));
  }
}
