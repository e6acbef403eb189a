import { Module } from '@nestjs/common';
import { ResourcesModule } from '../resources/resources.module';
import { AccountExportController } from './account-export.controller';

/** The library's part of a member's account: their data for "Download my data". */
@Module({ imports: [ResourcesModule], controllers: [AccountExportController] })
export class AccountModule {}
