import { Module } from '@nestjs/common';
import { EventSourcingModule } from '@abide/event-store';
import { portProvider } from '@abide/platform';
import { HabitsModule } from '../habits/habits.module';
import { PlansModule } from '../plans/plans.module';
import { ActivityCalendarProjection } from './projections/activity-calendar.projection';
import { StatsController } from './stats.controller';
import { ActivityDays } from './stats.port';
import { StatsService } from './stats.service';

const readModels = EventSourcingModule.forFeature([ActivityCalendarProjection]);

/**
 * My Plan's figures. The days a member did something (check-ins, plan activities, journal entries) are stats' own
 * read model (the nudges read it too); habits and plans answer through their week queries (`habits.port.ts`, `plans.port.ts`).
 */
@Module({
  imports: [HabitsModule, PlansModule, readModels],
  controllers: [StatsController],
  providers: [StatsService, portProvider(ActivityDays, ActivityCalendarProjection)],
  exports: [ActivityDays],
})
export class StatsModule {}
