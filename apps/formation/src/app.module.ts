import { kafkaConnection, kafkaEventTransport, MessagingModule } from '@abide/messaging';
import { DynamicModule, Module } from '@nestjs/common';
import { EventSourcingModule } from '@abide/event-store';
import { MONGO_CONNECTION, PrivateTextModule, ServiceCoreModule } from '@abide/platform';
import { AccountModule } from './account/account.module';
import { ChurchesModule } from './churches/churches.module';
import { CurriculaModule } from './curricula/curricula.module';
import type { Clock } from './config/clock';
import type { FormationConfig } from './config/env.schema';
import { FormationConfigModule } from './config/formation-config.module';
import { FormationMigrations } from './formation.migration';
import { HabitsModule } from './habits/habits.module';
import { JournalModule } from './journal/journal.module';
import { MembersModule } from './members/members.module';
import { MEMBER_ERASURE_EVENTS } from './members/members.port';
import { LibraryNoticesModule } from './notifications/library-notices.module';
import { NotificationsModule } from './notifications/notifications.module';
import { NudgesModule } from './nudges/nudges.module';
import { OpsModule } from './ops/ops.module';
import { PlansModule } from './plans/plans.module';
import { ProfilesModule } from './profiles/profiles.module';
import { ScriptureModule } from './scripture/scripture.module';
import { StatsModule } from './stats/stats.module';

/**
 * Formation: one module per feature, each declaring its own read models (`EventSourcingModule.forFeature`) and
 * reaching other features only through their ports (docs/architecture.md, "Feature boundaries").
 */
@Module({})
export class AppModule {
  /** `clock` is for tests that move time; the service runs on the real one. */
  static forRoot(config: FormationConfig, clock?: Clock): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceCoreModule.forRoot({ service: 'formation', config }),
        PrivateTextModule.forRoot(config),
        FormationConfigModule.forRoot(config, clock),
        MessagingModule.forRoot({ connection: MONGO_CONNECTION, kafka: { clientId: config.KAFKA_CLIENT_ID, ...kafkaConnection(config) } }),
        EventSourcingModule.forRoot({
          service: 'formation',
          connection: MONGO_CONNECTION,
          transport: kafkaEventTransport,
          redis: { url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX },
          erasureEvents: MEMBER_ERASURE_EVENTS,
        }),
        MembersModule,
        ProfilesModule,
        ChurchesModule,
        CurriculaModule,
        PlansModule,
        HabitsModule,
        StatsModule,
        JournalModule,
        NotificationsModule,
        NudgesModule.forRoot(config),
        LibraryNoticesModule.forRoot(config),
        ScriptureModule,
        AccountModule,
        OpsModule.forRoot(config),
      ],
      // One list of formation's one-time data steps, run after every feature module is ready.
      providers: [FormationMigrations],
    };
  }
}
