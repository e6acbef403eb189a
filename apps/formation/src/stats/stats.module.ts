import { Module } from '@nestjs/common';
import { HabitsModule } from '../habits/habits.module';
import { PlansModule } from '../plans/plans.module';
import { StatsController } from './stats.controller';
import { StatsService } from './stats.service';

/** Stats. `ActivityDays` (the days a member did something) is a projection, injectable anywhere in formation. */
@Module({
  imports: [HabitsModule, PlansModule],
  controllers: [StatsController],
  providers: [StatsService],
})
export class StatsModule {}
