import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandRunner, type Decider, EventStore, type NewEvent, type Projection, type StoredEvent } from '@abide/event-store';
import { ACTIVITY_DAYS, type ActivityDaysPort } from '../activity-days.port';
import { journalEntryDecider, publicFactOf } from '../domain/journal-entry.decider';
import { JOURNAL_STORE, journalFactStreamId, journalStreamId } from '../journal-store';

type Fact = ReturnType<typeof publicFactOf>;

/** What an entry's fact stream has published last: written on a day, or nothing (never written, or deleted). */
type PublishedFact = { written: true; localDate: string } | { written: false };

/** The published facts of one entry; only the last one matters. */
export const journalFactsDecider: Decider<PublishedFact> = {
  name: 'journal-facts',
  initialState: () => ({ written: false }),
  evolve: (state, event) => {
    if (event.type === 'formation.journal.entry-written') return { written: true, localDate: event.data.localDate };
    if (event.type === 'formation.journal.entry-deleted') return { written: false };
    return state;
  },
};

/**
 * Turns the private journal log into the published facts other services may know: `entry-written` and
 * `entry-deleted` with ids and the member's local date, never the text. Runs as a projection of the private
 * store, so a crash between the two appends heals on the next start (catch-up); it compares the entry's
 * current state with the facts already published, so replays never publish twice.
 */
@Injectable()
export class JournalFactsProjection implements Projection<'formation.journal.entry-saved' | 'formation.journal.entry-removed'> {
  readonly name = 'journal-facts';
  readonly handles = ['formation.journal.entry-saved', 'formation.journal.entry-removed'] as const;
  private readonly logger = new Logger(JournalFactsProjection.name);

  constructor(
    @Inject(JOURNAL_STORE) private readonly journal: EventStore,
    private readonly runner: CommandRunner,
    @Inject(ACTIVITY_DAYS) private readonly activityDays: ActivityDaysPort,
  ) {}

  async apply(event: StoredEvent<'formation.journal.entry-saved' | 'formation.journal.entry-removed'>): Promise<void> {
    const { entryId, userId } = event.data;
    // Set by the decision below (`as`: the compiler does not follow assignments made in a callback).
    let desired = { written: false } as Fact;
    const { events: appended } = await this.runner.run(
      journalFactStreamId(entryId),
      journalFactsDecider,
      async (published): Promise<NewEvent[]> => {
        // Read in the fact stream's turn (and again on a retry): two saves of one entry settle on the later state.
        desired = publicFactOf((await this.journal.aggregate(journalStreamId(entryId), journalEntryDecider)).state);
        if (desired.written && !published.written) {
          return [{ type: 'formation.journal.entry-written', data: { entryId, userId, localDate: desired.localDate }, subjectId: userId }];
        }
        if (!desired.written && published.written) {
          return [
            { type: 'formation.journal.entry-deleted', data: { entryId, userId, localDate: published.localDate }, subjectId: userId },
          ];
        }
        return [];
      },
      { correlationId: event.correlationId, causationId: event.id },
    );
    await this.syncActivityDay(entryId, userId, desired, appended);
  }

  async reset(): Promise<void> {
    // Nothing to empty: the facts are events in the relayed store, and appending them again is a no-op.
  }

  private async syncActivityDay(entryId: string, userId: string, desired: Fact, appended: StoredEvent[]): Promise<void> {
    try {
      if (desired.written) {
        await this.activityDays.record(userId, desired.localDate, 'journal', entryId);
        return;
      }
      const deleted = appended.find((e) => e.type === 'formation.journal.entry-deleted');
      if (deleted) await this.activityDays.forget(userId, deleted.data.localDate, 'journal', entryId);
    } catch (error) {
      // The day is derived data (stats can rebuild it from the published facts): never fail the member's write for it.
      this.logger.warn({ err: error, entryId }, 'activity day not updated');
    }
  }
}
