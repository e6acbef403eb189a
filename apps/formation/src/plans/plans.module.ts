import { Module } from '@nestjs/common';
import { PlanAssistant } from './assistant/plan-assistant';
import { PlanCommands } from './commands/plan-commands';
import { PlansController } from './plans.controller';
import { PlansExport } from './plans-export';

@Module({
  controllers: [PlansController],
  providers: [PlanAssistant, PlanCommands, PlansExport],
  exports: [PlanCommands, PlansExport],
})
export class PlansModule {}
