import { Inject, Injectable } from '@nestjs/common';
import { CommandHandler, CommandRunner, EventStore, type Projection, type StoredEvent } from '@abide/event-store';
import { journalEntryDecider, publicFactOf } from '../domain/journal-entry.decider';
import { type FactsAndEntry, journalFactsDecider, type PublishedFact, type PublishEntryFacts } from '../domain/journal-facts.decider';
import { JOURNAL_STORE, journalFactStreamId, journalStreamId } from '../journal-store';

/**
 * Turns the private journal log into the published facts other services may know (journalFactsDecider): runs as a
 * projection of the private store, so a crash between the two appends heals on the next start (catch-up), and appends
 * through the fact stream's command handler in formation's relayed store (whose read models, My Plan's calendar among
 * them, take the facts in the same request).
 */
@Injectable()
export class JournalFactsProjection implements Projection<'formation.journal.entry-saved' | 'formation.journal.entry-removed'> {
  readonly name = 'journal-facts';
  readonly handles = ['formation.journal.entry-saved', 'formation.journal.entry-removed'] as const;
  private readonly facts: CommandHandler<PublishEntryFacts, PublishedFact>;

  constructor(
    @Inject(JOURNAL_STORE) private readonly journal: EventStore,
    runner: CommandRunner,
  ) {
    this.facts = CommandHandler.sealed(
      runner,
      journalFactsDecider,
      {
        streamOf: (command) => journalFactStreamId(command.entryId),
        // An entry's first event normally finds no facts published yet: decided without reading the fact stream (a
        // replay that finds them there loses the race and decides again on them).
        makesStream: (command) => command.entryVersion === 1,
      },
      // Nothing is sealed here: the handler's open step, run in the fact stream's turn and again on a lost race, is
      // where the decision gets the entry as it is now.
      { open: (published, command) => this.withEntry(published, command), seal: (decided) => Promise.resolve(decided) },
    );
  }

  async apply(event: StoredEvent<'formation.journal.entry-saved' | 'formation.journal.entry-removed'>): Promise<void> {
    const { entryId, userId } = event.data;
    await this.facts.handle(
      { type: 'PublishEntryFacts', entryId, userId, entryVersion: event.version },
      { correlationId: event.correlationId, causationId: event.id },
    );
  }

  async reset(): Promise<void> {
    // Nothing to empty: the facts are events in the relayed store, and appending them again is a no-op.
  }

  private async withEntry(published: PublishedFact, command: PublishEntryFacts): Promise<FactsAndEntry> {
    const streamId = journalStreamId(command.entryId);
    // The entry's head, trusted when it has the event that asked (its append wrote the head before its projections
    // ran; in the request, this process remembers it without a read); read past it only when it lags. A later event
    // past the head asks for its own facts once it is applied.
    let entry = await this.journal.aggregate(streamId, journalEntryDecider, { readPast: false, remembered: true });
    if (entry.version < command.entryVersion) entry = await this.journal.aggregate(streamId, journalEntryDecider);
    return { published, entry: publicFactOf(entry.state) };
  }
}
