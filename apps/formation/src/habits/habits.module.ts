import { Module } from '@nestjs/common';
import { portProvider } from '@abide/platform';
import { EventSourcingModule } from '@abide/event-store';
import { MemberLifecycle } from '../members/members.port';
import { MembersModule } from '../members/members.module';
import { HabitCommands } from './commands/habit.commands';
import { HabitZones } from './commands/habit-zone.commands';
import { HABIT_PERSONAL_FIELDS } from './domain/habit.decider';
import { HabitQueries } from './habit.queries';
import { HabitWeekQueries } from './habit-week.queries';
import { HabitSeeding, HabitsExportQuery, HabitWeekQuery, RemindableHabits } from './habits.port';
import { HabitsController } from './habits.controller';
import { HabitsExport } from './habits-export';
import { HabitBoardProjection } from './projections/habit-board.projection';
import { HabitProjection } from './projections/habit.projection';

const readModels = EventSourcingModule.forFeature([HabitProjection, HabitBoardProjection]);

/** Habits and check-ins, with the streak and completion maths behind every habit figure. */
@Module({
  imports: [MembersModule, readModels],
  controllers: [HabitsController],
  providers: [
    HabitCommands,
    HabitZones,
    HabitQueries,
    HabitWeekQueries,
    HabitsExport,
    portProvider(HabitWeekQuery, HabitWeekQueries),
    portProvider(RemindableHabits, HabitProjection),
    portProvider(HabitsExportQuery, HabitsExport),
    portProvider(HabitSeeding, HabitCommands),
  ],
  // The boards and HabitZones also for formation's one-time steps (formation.migration.ts).
  exports: [HabitWeekQuery, RemindableHabits, HabitsExportQuery, HabitSeeding, readModels, HabitZones],
})
export class HabitsModule {
  constructor(lifecycle: MemberLifecycle) {
    // Habit names, descriptions and notes are the member's own words: erased from the log with their account.
    lifecycle.listen({ personalFields: HABIT_PERSONAL_FIELDS });
  }
}
