import type { Connection } from 'mongoose';
import type { EventStore } from '@abide/event-store';
import { dropRetiredCollections, eachOnItsOwn, type MigrationLog } from '@abide/platform';
import { habitDecider } from './domain/habit.decider';

/** Its marker in `formation_migrations` (formation.migration.ts). */
export const HABIT_DAYS_IN_STATE_MARKER = 'habit-days-in-state';

/** The collection of one document per habit and day, written at every check-in before the habit's state held its days. */
const RETIRED = 'habit_entries';

/**
 * Once, when the day's entry moved into the habit's state (habitDecider `stateVersion` 2): every habit's snapshot is
 * folded again with its days' check-in times, and the entries collection is dropped (no reader is left, and account
 * deletion no longer looks there). A run cut short runs again; a snapshot already refreshed is left as it is.
 */
export async function moveDaysIntoHabits(connection: Connection, log: EventStore, logger: MigrationLog): Promise<void> {
  const habits = (await log.streamIds()).filter((id) => id.startsWith('habit-'));
  const { done, failed } = await eachOnItsOwn(habits, async (id) => ((await log.refreshSnapshot(id, habitDecider)) ? 1 : 0), {
    log: logger,
    message: 'A habit snapshot could not be refreshed; its next command folds its events instead',
    context: (id) => ({ streamId: id }),
  });
  if (done || failed) logger.log(`Refreshed ${done} habit snapshot(s) with their days (${failed} left to their next command)`);
  await dropRetiredCollections(connection, RETIRED);
}
