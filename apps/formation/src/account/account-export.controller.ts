import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import { CurriculaExport } from '../curricula/curricula.port';
import { HabitsExport } from '../habits/habits.port';
import { JournalQueries } from '../journal/journal.port';
import { PlansExport } from '../plans/plans.port';
import { ProfileProjection } from '../profiles/profiles.port';

/** Formation's part of "Download my data": profile, plans, habits with every check-in, the journal, and the curricula the member wrote. Internal: identity's GET /account/export gathers it with the caller's token. */
@ApiExcludeController()
@Controller('account')
export class AccountExportController {
  constructor(
    private readonly profiles: ProfileProjection,
    private readonly plans: PlansExport,
    private readonly habits: HabitsExport,
    private readonly journal: JournalQueries,
    private readonly curricula: CurriculaExport,
  ) {}

  @Get('export')
  async export(@CurrentUser() caller: AuthUser) {
    const [profile, plans, habits, journalEntries, curricula] = await Promise.all([
      this.profiles.findByUser(caller.id),
      this.plans.forUser(caller.id),
      this.habits.forUser(caller.id),
      this.journal.exportFor(caller.id),
      this.curricula.forUser(caller.id),
    ]);
    return { profile, ...plans, ...habits, journalEntries, ...curricula };
  }
}
