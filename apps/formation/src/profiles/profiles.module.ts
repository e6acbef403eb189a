import { Module } from '@nestjs/common';
import { portProvider } from '@abide/platform';
import { ProfileExportQuery } from './profiles.port';
import { EventSourcingModule } from '@abide/event-store';
import { ProfileCommands } from './commands/profile.commands';
import { ProfilesConsumer } from './profiles.consumer';
import { ProfilesController } from './profiles.controller';
import { ProfileProjection } from './projections/profile.projection';

const readModels = EventSourcingModule.forFeature([ProfileProjection]);

/** The member's formation profile (the onboarding answers as My Plan shows them). */
@Module({
  imports: [readModels],
  controllers: [ProfilesController, ProfilesConsumer],
  providers: [ProfileCommands, portProvider(ProfileExportQuery, ProfileProjection)],
  exports: [ProfileExportQuery],
})
export class ProfilesModule {}
