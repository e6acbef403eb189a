import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EventEnvelope } from '@abide/contracts';
import { EventStore, OutboxRelay, type Projection, ProjectionRunner, type StoredEvent } from '@abide/event-store';
import { ACTIVITY_DAYS, type ActivityDaysPort } from '../activity-days.port';
import { foldJournalEntry, publicFactOf } from '../domain/journal-entry.decider';
import { JOURNAL_STORE, journalFactStreamId, journalStreamId } from '../journal-store';

/**
 * Turns the private journal log into the published facts other services may know: `entry-written` and
 * `entry-deleted` with ids and the member's local date, never the text. Runs as a projection of the private
 * store, so a crash between the two appends heals on the next start (catch-up); it compares the entry's
 * current state with the facts already published, so replays never publish twice.
 */
@Injectable()
export class JournalFactsProjection implements Projection {
  readonly name = 'journal-facts';
  readonly handles = ['formation.journal.entry-saved', 'formation.journal.entry-removed'] as const;
  private readonly logger = new Logger(JournalFactsProjection.name);

  constructor(
    @Inject(JOURNAL_STORE) private readonly journal: EventStore,
    private readonly store: EventStore,
    private readonly projections: ProjectionRunner,
    private readonly relay: OutboxRelay,
    @Inject(ACTIVITY_DAYS) private readonly activityDays: ActivityDaysPort,
  ) {}

  async apply(event: EventEnvelope): Promise<void> {
    const { entryId, userId } = event.data as { entryId: string; userId: string };
    const desired = publicFactOf(foldJournalEntry(await this.journal.load(journalStreamId(entryId))));
    const appended = await this.store.appendWithRetry(
      journalFactStreamId(entryId),
      (facts) => {
        const last = facts.at(-1);
        const written = last?.type === 'formation.journal.entry-written';
        if (desired.written && !written) {
          return [{ type: 'formation.journal.entry-written', data: { entryId, userId, localDate: desired.localDate }, subjectId: userId }];
        }
        if (!desired.written && written) {
          const localDate = (last.data as { localDate: string }).localDate;
          return [{ type: 'formation.journal.entry-deleted', data: { entryId, userId, localDate }, subjectId: userId }];
        }
        return [];
      },
      { correlationId: event.correlationId, causationId: event.id },
    );
    if (appended.length > 0) {
      await this.projections.afterAppend(appended);
      this.relay.kick();
    }
    await this.syncActivityDay(entryId, userId, desired, appended);
  }

  async reset(): Promise<void> {
    // Nothing to empty: the facts are events in the relayed store, and appending them again is a no-op.
  }

  private async syncActivityDay(entryId: string, userId: string, desired: ReturnType<typeof publicFactOf>, appended: StoredEvent[]): Promise<void> {
    try {
      if (desired.written) {
        await this.activityDays.record(userId, desired.localDate, 'journal', entryId);
        return;
      }
      const deleted = appended.find((e) => e.type === 'formation.journal.entry-deleted');
      if (deleted) await this.activityDays.forget(userId, (deleted.data as { localDate: string }).localDate, 'journal', entryId);
    } catch (error) {
      // The day is derived data (stats can rebuild it from the published facts): never fail the member's write for it.
      this.logger.warn({ err: error, entryId }, 'activity day not updated');
    }
  }
}
