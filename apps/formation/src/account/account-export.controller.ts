import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import { CurriculaExportQuery } from '../curricula/curricula.port';
import { HabitsExportQuery } from '../habits/habits.port';
import { JournalExportQuery } from '../journal/journal.port';
import { PlansExportQuery } from '../plans/plans.port';
import { ProfileExportQuery } from '../profiles/profiles.port';

/** Formation's part of "Download my data": profile, plans, habits with every check-in, the journal, and the curricula the member wrote. Internal: identity's GET /account/export gathers it with the caller's token. */
@ApiExcludeController()
@Controller('account')
export class AccountExportController {
  constructor(
    private readonly profiles: ProfileExportQuery,
    private readonly plans: PlansExportQuery,
    private readonly habits: HabitsExportQuery,
    private readonly journal: JournalExportQuery,
    private readonly curricula: CurriculaExportQuery,
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
