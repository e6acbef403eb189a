import type { Connection } from 'mongoose';
import { eachOnItsOwn, type MigrationLog } from '@abide/platform';
import type { HabitZones } from './commands/habit-zone.commands';
import type { HabitBoardProjection } from './projections/habit-board.projection';

/** Its marker in `formation_migrations` (formation.migration.ts). */
export const HABIT_ZONES_MARKER = 'habit-zones';

/**
 * Once, when habits began to keep the member's zone on their own streams (HabitZones): every habit on a board that
 * knows the member's zone is given it, so a habit created before a change of zone reckons "today" in the new one. The
 * habits decide nothing where they already hold that version, so a run cut short simply runs again.
 */
export async function giveHabitsTheirZone(
  connection: Connection,
  boards: HabitBoardProjection,
  zones: HabitZones,
  logger: MigrationLog,
): Promise<void> {
  // A scan of the boards' keys, once at start.
  const rows = await connection
    .collection<{ _id: string }>('habit_boards_ordered')
    .find({}, { projection: { _id: 1 } })
    .toArray();
  const meta = { correlationId: `migration:${HABIT_ZONES_MARKER}` };
  const { done, failed } = await eachOnItsOwn(
    rows.map((row) => row._id),
    async (userId) => {
      const board = await boards.read(userId);
      if (!board.timeZone) return 0;
      const habits = board.habits.filter((h) => !h.archived).map((h) => h.id);
      await zones.give(userId, habits, { timeZone: board.timeZone, memberVersion: board.memberVersion ?? 0 }, meta);
      return habits.length;
    },
    { log: logger, message: "A member's habits could not be given their zone", context: (userId) => ({ userId }) },
  );
  if (done || failed) logger.log(`Gave ${done} habit(s) their member's zone (${failed} member(s) failed)`);
}
