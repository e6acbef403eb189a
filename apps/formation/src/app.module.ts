import { DynamicModule, Module } from '@nestjs/common';
import { EventSourcingModule } from '@abide/event-store';
import { MONGO_CONNECTION, ServiceCoreModule } from '@abide/platform';
import { AccountExportController } from './account/account-export.controller';
import type { Clock } from './config/clock';
import type { FormationConfig } from './config/env.schema';
import { FormationConfigModule } from './config/formation-config.module';
import { HabitsModule } from './habits/habits.module';
import { JournalModule } from './journal/journal.module';
import { LibraryNoticesModule } from './notifications/library-notices.module';
import { NotificationsModule } from './notifications/notifications.module';
import { NudgesModule } from './nudges/nudges.module';
import { HabitBoardProjection } from './habits/projections/habit-board.projection';
import { HabitEntryProjection, HabitProjection } from './habits/projections/habit.projection';
import { JobsModule } from './jobs/jobs.module';
import { MembersModule } from './members/members.module';
import { MemberProjection } from './members/projections/member.projection';
import { PlansModule } from './plans/plans.module';
import { PlanProjection } from './plans/projections/plan.projection';
import { ProfileCommands } from './profiles/commands/profile-commands';
import { ProfilesConsumer } from './profiles/profiles.consumer';
import { ProfilesController } from './profiles/profiles.controller';
import { ProfileProjection } from './profiles/projections/profile.projection';
import { ScriptureModule } from './scripture/scripture.module';
import { ActivityCalendarProjection } from './stats/projections/activity-calendar.projection';
import { ActivityDays } from './stats/projections/activity-days.projection';
import { StatsModule } from './stats/stats.module';

@Module({})
export class AppModule {
  /** `clock` is for tests that move time; the service runs on the real one. */
  static forRoot(config: FormationConfig, clock?: Clock): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceCoreModule.forRoot({ service: 'formation', config }),
        FormationConfigModule.forRoot(config, clock),
        EventSourcingModule.forRoot({
          service: 'formation',
          connection: MONGO_CONNECTION,
          kafka: { clientId: config.KAFKA_CLIENT_ID, brokers: config.KAFKA_BROKERS },
          projections: [
            ProfileProjection,
            MemberProjection,
            PlanProjection,
            HabitProjection,
            HabitEntryProjection,
            HabitBoardProjection,
            ActivityDays,
            ActivityCalendarProjection,
          ],
        }),
        MembersModule,
        PlansModule,
        HabitsModule,
        StatsModule,
        JobsModule,
        JournalModule.forRoot(config),
        NotificationsModule,
        NudgesModule.forRoot(config),
        LibraryNoticesModule.forRoot(config),
        ScriptureModule,
      ],
      controllers: [ProfilesController, ProfilesConsumer, AccountExportController],
      providers: [ProfileCommands],
    };
  }
}
