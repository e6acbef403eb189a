import { Injectable } from '@nestjs/common';
import { OneTimeMigration } from '@abide/platform';
import { HabitZones } from './commands/habit-zone.commands';
import { HabitBoardProjection } from './projections/habit-board.projection';

const MARKER = 'habit-zones';

/**
 * Once, when habits began to keep the member's zone on their own streams (HabitZones): every habit on a board that
 * knows the member's zone is given it, so a habit created before a change of zone reckons "today" in the new one. The
 * habits decide nothing where they already hold that version, so a run cut short simply runs again.
 */
@Injectable()
export class HabitZonesMigration extends OneTimeMigration {
  constructor(
    private readonly boards: HabitBoardProjection,
    private readonly zones: HabitZones,
  ) {
    super('formation_migrations');
  }

  protected steps() {
    return { [MARKER]: () => this.giveZones() };
  }

  private async giveZones(): Promise<void> {
    // A scan of the boards' keys, once at start.
    const rows = await this.connection
      .collection<{ _id: string }>('habit_boards_ordered')
      .find({}, { projection: { _id: 1 } })
      .toArray();
    const meta = { correlationId: `migration:${MARKER}` };
    const { done, failed } = await this.eachOnItsOwn(
      rows.map((row) => row._id),
      async (userId) => {
        const board = await this.boards.read(userId);
        if (!board.timeZone) return 0;
        const habits = board.habits.filter((h) => !h.archived).map((h) => h.id);
        await this.zones.give(userId, habits, { timeZone: board.timeZone, memberVersion: board.memberVersion ?? 0 }, meta);
        return habits.length;
      },
      { message: "A member's habits could not be given their zone", context: (userId) => ({ userId }) },
    );
    if (done || failed) this.logger.log(`Gave ${done} habit(s) their member's zone (${failed} member(s) failed)`);
  }
}
