import { Injectable } from '@nestjs/common';
import { EventStore } from '@abide/event-store';
import { dropRetiredCollections, OneTimeMigration } from '@abide/platform';
import { habitDecider } from './domain/habit.decider';

/** The collection of one document per habit and day, written at every check-in before the habit's state held its days. */
const RETIRED = 'habit_entries';

/**
 * Once, when the day's entry moved into the habit's state (habitDecider `stateVersion` 2): every habit's snapshot is
 * folded again with its days' check-in times, and the entries collection is dropped (no reader is left, and account
 * deletion no longer looks there). A run cut short runs again; a snapshot already refreshed is left as it is.
 */
@Injectable()
export class HabitEntriesMigration extends OneTimeMigration {
  constructor(private readonly log: EventStore) {
    super('formation_migrations');
  }

  protected steps() {
    return { 'habit-days-in-state': () => this.moveDays() };
  }

  private async moveDays(): Promise<void> {
    const habits = (await this.log.streamIds()).filter((id) => id.startsWith('habit-'));
    const { done, failed } = await this.eachOnItsOwn(habits, async (id) => ((await this.log.refreshSnapshot(id, habitDecider)) ? 1 : 0), {
      message: 'A habit snapshot could not be refreshed; its next command folds its events instead',
      context: (id) => ({ streamId: id }),
    });
    if (done || failed) this.logger.log(`Refreshed ${done} habit snapshot(s) with their days (${failed} left to their next command)`);
    await dropRetiredCollections(this.connection, RETIRED);
  }
}
