import { Inject, Injectable, Optional } from '@nestjs/common';
import { EventStore, type NewEvent, ProjectionRunner } from '@abide/event-store';
import { DomainError } from '@abide/platform';
import { CLOCK, type Clock } from '../../config/clock';
import { v7 as uuidv7 } from 'uuid';
import { MemberProjection } from '../../members/projections/member.projection';
import { localDateOf } from '../../stats/domain/local-day';
import {
  decideCreateEntry,
  decideDeleteEntry,
  decideUpdateEntry,
  type EntryFields,
  foldJournalEntry,
  type JournalDecision,
  type JournalEntryState,
} from '../domain/journal-entry.decider';
import { EMPTY_ENTRY_MESSAGE } from '../domain/journal-request';
import { JOURNAL_PERSONAL_FIELDS, JOURNAL_PROJECTIONS, JOURNAL_STORE, journalStreamId } from '../journal-store';

interface Meta {
  correlationId: string;
}

/** The journal's write side: decide on the entry's own stream in the private journal store, then feed its projections. */
@Injectable()
export class JournalCommands {
  constructor(
    @Inject(JOURNAL_STORE) private readonly store: EventStore,
    @Inject(JOURNAL_PROJECTIONS) private readonly projections: ProjectionRunner,
    private readonly members: MemberProjection,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = () => new Date(),
  ) {}

  async create(userId: string, fields: EntryFields, meta: Meta): Promise<string> {
    const now = this.clock();
    const entryId = uuidv7();
    const timeZone = await this.members.timeZoneOf(userId);
    await this.run(entryId, (state) => decideCreateEntry(state, { entryId, userId, fields, today: localDateOf(now, timeZone), timeZone }), meta);
    return entryId;
  }

  async update(userId: string, entryId: string, changes: Partial<EntryFields>, meta: Meta): Promise<void> {
    const now = this.clock();
    const timeZone = await this.members.timeZoneOf(userId);
    await this.run(entryId, (state) => decideUpdateEntry(state, { userId, changes, today: localDateOf(now, timeZone), timeZone }), meta);
  }

  async remove(userId: string, entryId: string, meta: Meta): Promise<void> {
    await this.run(entryId, (state) => decideDeleteEntry(state, { userId }), meta);
  }

  /** Account deletion: the read model forgets the member and the private log keeps none of their words. */
  async purge(userId: string): Promise<void> {
    await this.projections.purgeSubject(userId);
    await this.store.eraseSubjectData(userId, JOURNAL_PERSONAL_FIELDS);
  }

  private async run(entryId: string, decide: (state: JournalEntryState) => JournalDecision, meta: Meta): Promise<void> {
    let refusal: Exclude<JournalDecision, { ok: true }> | undefined;
    const appended = await this.store.appendWithRetry(
      journalStreamId(entryId),
      (history): NewEvent[] => {
        const decision = decide(foldJournalEntry(history));
        if (!decision.ok) {
          refusal = decision;
          return [];
        }
        refusal = undefined;
        return decision.events;
      },
      meta,
    );
    if (refusal) throw refusalError(refusal.reason);
    await this.projections.afterAppend(appended);
  }
}

const refusalError = (reason: Exclude<JournalDecision, { ok: true }>['reason']): DomainError => {
  switch (reason) {
    case 'not-found':
      return DomainError.notFound('The journal entry');
    case 'empty-content':
      return DomainError.validation([{ field: 'content', message: EMPTY_ENTRY_MESSAGE }], EMPTY_ENTRY_MESSAGE);
    case 'back-to-draft':
      return DomainError.validation([{ field: 'draft', message: 'A saved entry cannot become a draft again.' }]);
  }
};
