import { Inject, Injectable, Optional } from '@nestjs/common';
import { type AppendMeta, CommandRunner, EventStore, ProjectionRunner } from '@abide/event-store';
import { DomainError } from '@abide/platform';
import { CLOCK, type Clock } from '../../config/clock';
import { v7 as uuidv7 } from 'uuid';
import { MemberProjection } from '../../members/members.port';
import { localDateOf } from '@abide/calendar';
import {
  decideCreateEntry,
  decideDeleteEntry,
  decideUpdateEntry,
  type EntryFields,
  type JournalDecision,
  journalEntryDecider,
  type JournalEntryState,
} from '../domain/journal-entry.decider';
import { EMPTY_ENTRY_MESSAGE } from '../domain/journal-request';
import { JOURNAL_PERSONAL_FIELDS, JOURNAL_PROJECTIONS, JOURNAL_RUNNER, JOURNAL_STORE, journalStreamId } from '../journal-store';

type Meta = AppendMeta;

/**
 * The journal's write side: each command runs on the entry's own stream in the private journal store, through that
 * store's command runner (its projections, the published facts among them, are updated in the request).
 */
@Injectable()
export class JournalCommands {
  constructor(
    @Inject(JOURNAL_STORE) private readonly store: EventStore,
    @Inject(JOURNAL_PROJECTIONS) private readonly projections: ProjectionRunner,
    @Inject(JOURNAL_RUNNER) private readonly runner: CommandRunner,
    private readonly members: MemberProjection,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = () => new Date(),
  ) {}

  async create(userId: string, fields: EntryFields, meta: Meta): Promise<string> {
    const now = this.clock();
    const entryId = uuidv7();
    const timeZone = await this.members.timeZoneOf(userId);
    await this.run(
      entryId,
      (state) => decideCreateEntry(state, { entryId, userId, fields, today: localDateOf(now, timeZone), timeZone }),
      meta,
    );
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

  /** A refused decision writes nothing and answers its problem; a race lost on every retry is a 409 (ConcurrencyError). */
  private async run(entryId: string, decide: (state: JournalEntryState) => JournalDecision, meta: Meta): Promise<void> {
    await this.runner.run(
      journalStreamId(entryId),
      journalEntryDecider,
      (state) => {
        const decision = decide(state);
        if (!decision.ok) throw refusalError(decision.reason);
        return decision.events;
      },
      meta,
    );
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
