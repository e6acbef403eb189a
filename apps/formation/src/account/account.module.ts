import { Module } from '@nestjs/common';
import { CurriculaModule } from '../curricula/curricula.module';
import { HabitsModule } from '../habits/habits.module';
import { JournalModule } from '../journal/journal.module';
import { PlansModule } from '../plans/plans.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { AccountExportController } from './account-export.controller';

/** Formation's part of "Download my data", gathered from each feature's export. */
@Module({
  imports: [ProfilesModule, PlansModule, HabitsModule, JournalModule, CurriculaModule],
  controllers: [AccountExportController],
})
export class AccountModule {}
