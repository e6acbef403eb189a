import { Module } from '@nestjs/common';
import { EventSourcingModule } from '@abide/event-store';
import { DirectoryModule } from '../directory/directory.module';
import { FilesModule } from '../files/files.module';
import { LogoProjection } from './logo.projection';
import { LogoService } from './logo-service';
import { LogosController } from './logos.controller';

const readModels = EventSourcingModule.forFeature([LogoProjection]);

/** Churches' logos: uploaded by a church's admins, checked, stored and served. */
@Module({ imports: [DirectoryModule, FilesModule, readModels], controllers: [LogosController], providers: [LogoService] })
export class LogosModule {}
