import { Module } from '@nestjs/common';
import { PlansModule } from '../plans/plans.module';
import { PlanRollover } from './plan-rollover';
import { PlanRolloverProcessor } from './plan-rollover.processor';

@Module({
  imports: [PlansModule],
  providers: [PlanRollover, PlanRolloverProcessor],
  exports: [PlanRollover],
})
export class JobsModule {}
