import { Module } from '@nestjs/common';
import { HabitsModule } from '../habits/habits.module';
import { PlansModule } from '../plans/plans.module';
import { StatsController } from './stats.controller';
import { StatsService } from './stats.service';

/**
 * Stats. `ActivityDays` and `ActivityCalendarProjection` (the days a member did something) are projections, injectable
 * anywhere in formation.
 */
@Module({
  imports: [HabitsModule, PlansModule],
  controllers: [StatsController],
  providers: [StatsService],
})
export class StatsModule {}
