import { Module } from '@nestjs/common';
import { portProvider } from '@abide/platform';
import { CurriculaExportQuery, CurriculumFollowChanges, CurriculumWeekQuery } from './curricula.port';
import { EventSourcingModule, ProjectionRunner } from '@abide/event-store';
import { ChurchesModule } from '../churches/churches.module';
import { MembersModule } from '../members/members.module';
import { CurriculumCommands } from './commands/curriculum.commands';
import { CurriculaController } from './curricula.controller';
import { CurriculaExport } from './curricula-export';
import { CurriculumFollowers } from './curriculum-followers';
import { CurriculumQueries } from './curriculum.queries';
import { CurriculumWeeks } from './curriculum-weeks';
import { CurriculumProgressProjection } from './projections/curriculum-progress.projection';
import { CurriculumProjection } from './projections/curriculum.projection';
import { CurriculumWorkingCopies } from './working-copies';
import { MemberLifecycle } from '../members/members.port';

const readModels = EventSourcingModule.forFeature([CurriculumProjection]);

/**
 * Churches' own curricula: authoring, publishing, assignment to the church or its groups, and progress per week
 * (docs/curricula.md). Plans follow the assigned weeks through the port (CurriculumWeeks) and
 * register with CurriculumFollowers to be told when a member's week should change.
 */
@Module({
  imports: [MembersModule, ChurchesModule, readModels],
  controllers: [CurriculaController],
  providers: [
    CurriculumCommands,
    CurriculumQueries,
    CurriculumWeeks,
    CurriculumFollowers,
    CurriculumProgressProjection,
    CurriculaExport,
    CurriculumWorkingCopies,
    portProvider(CurriculumWeekQuery, CurriculumWeeks),
    portProvider(CurriculumFollowChanges, CurriculumFollowers),
    portProvider(CurriculaExportQuery, CurriculaExport),
  ],
  exports: [CurriculumWeekQuery, CurriculumFollowChanges, CurriculaExportQuery],
})
export class CurriculaModule {
  constructor(runner: ProjectionRunner, followers: CurriculumFollowers, progress: CurriculumProgressProjection, lifecycle: MemberLifecycle, workingCopies: CurriculumWorkingCopies) {
    // These read models need other providers (the directory, the member read model), which forFeature's module lacks.
    runner.register([followers, progress]);
    // An author's kept edits are theirs: deleting the account forgets them (the saved curricula stay the church's).
    lifecycle.listen({ forget: (userId) => workingCopies.forget(userId) });
  }
}
