import { DynamicModule, Module } from '@nestjs/common';
import { topics } from '@abide/contracts';
import { EventSourcingModule } from '@abide/event-store';
import { MONGO_CONNECTION, ServiceCoreModule } from '@abide/platform';
import { AccountExportController } from './account/account-export.controller';
import type { FormationConfig } from './config/env.schema';
import { ProfileCommands } from './profiles/commands/profile-commands';
import { ProfilesConsumer } from './profiles/profiles.consumer';
import { ProfilesController } from './profiles/profiles.controller';
import { ProfileProjection } from './profiles/projections/profile.projection';

@Module({})
export class AppModule {
  static forRoot(config: FormationConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceCoreModule.forRoot({ service: 'formation', config }),
        EventSourcingModule.forRoot({
          service: 'formation',
          connection: MONGO_CONNECTION,
          kafka: { clientId: config.KAFKA_CLIENT_ID, brokers: config.KAFKA_BROKERS },
          topics: [topics.identityUser, topics.formationProfile],
          projections: [ProfileProjection],
        }),
      ],
      controllers: [ProfilesController, ProfilesConsumer, AccountExportController],
      providers: [
        ProfileCommands,
      ],
    };
  }
}
