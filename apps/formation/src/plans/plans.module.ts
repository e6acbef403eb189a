import { Module } from '@nestjs/common';
import { portProvider } from '@abide/platform';
import { EventSourcingModule } from '@abide/event-store';
import { CurriculaModule } from '../curricula/curricula.module';
import { CurriculumFollowChanges } from '../curricula/curricula.port';
import { MemberLifecycle } from '../members/members.port';
import { MembersModule } from '../members/members.module';
import { PlanAssistant } from './assistant/plan-assistant';
import { PlanCommands } from './commands/plan.commands';
import { PlanRollover } from './jobs/plan-rollover';
import { PlanRolloverProcessor } from './jobs/plan-rollover.processor';
import { PlansController } from './plans.controller';
import { PlansExport } from './plans-export';
import { PlanWeekQueries } from './plan-week.queries';
import { PlanSeeding, PlansExportQuery, PlanWeekQuery } from './plans.port';
import { CurrentPlanProjection } from './projections/current-plan.projection';
import { PlanProjection } from './projections/plan.projection';

const readModels = EventSourcingModule.forFeature([PlanProjection, CurrentPlanProjection]);

/** Weekly plans: generation (at onboarding, on request, at each member's week rollover), progress, catch-up. */
@Module({
  imports: [MembersModule, CurriculaModule, readModels],
  controllers: [PlansController],
  providers: [
    PlanAssistant,
    PlanCommands,
    PlansExport,
    PlanWeekQueries,
    PlanRollover,
    PlanRolloverProcessor,
    portProvider(PlanWeekQuery, PlanWeekQueries),
    portProvider(PlansExportQuery, PlansExport),
    portProvider(PlanSeeding, PlanCommands),
  ],
  exports: [PlanWeekQuery, PlansExportQuery, PlanSeeding, PlanRollover],
})
export class PlansModule {
  constructor(lifecycle: MemberLifecycle, plans: PlanCommands, curricula: CurriculumFollowChanges) {
    // The first plan: the week of the onboarding in the member's zone; a repeat finds it there and does nothing.
    lifecycle.listen({
      onboarded: (userId, at, meta) => plans.generate(userId, { reason: 'onboarding', now: at, meta }).then(() => undefined),
    });
    // A church curriculum assigned or ended during the week, or a member joining or leaving its church or group.
    curricula.listen((userId, meta) => plans.followCurriculum(userId, meta));
  }
}
