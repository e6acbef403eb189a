import { Module } from '@nestjs/common';
import { MembersModule } from '../members/members.module';
import { HabitCommands } from './commands/habit-commands';
import { HabitQueries } from './habit-queries';
import { HabitsController } from './habits.controller';
import { HabitsExport } from './habits-export';

@Module({
  imports: [MembersModule],
  controllers: [HabitsController],
  providers: [HabitCommands, HabitQueries, HabitsExport],
  exports: [HabitQueries, HabitsExport],
})
export class HabitsModule {}
