import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  type AppendMeta,
  CommandHandler,
  CommandRunner,
  EventStore,
  type NewEvent,
  ProjectionRunner,
  type StoredEvent,
} from '@abide/event-store';
import { CLOCK, type Clock } from '../../config/clock';
import { v7 as uuidv7 } from 'uuid';
import { MemberQueries } from '../../members/members.port';
import { localDateOf } from '@abide/calendar';
import {
  type EntryFields,
  type JournalCommand,
  journalEntryDecider,
  type JournalEntryState,
  type JournalOutcome,
  type OpenEntryState,
} from '../domain/journal-entry.decider';
import { JOURNAL_PERSONAL_FIELDS, JOURNAL_PROJECTIONS, JOURNAL_RUNNER, JOURNAL_STORE, journalStreamId } from '../journal-store';
import { JournalTexts } from '../journal-texts';

type Meta = AppendMeta;

/**
 * The journal's write side: each command runs on the entry's own stream in the private journal store, through that
 * store's command runner (its projections, the published facts among them, are updated in the request). The entry's
 * words are opened with the member's key to decide, and sealed again into the event it appends.
 */
@Injectable()
export class JournalCommands {
  private readonly entries: CommandHandler<JournalCommand, JournalEntryState>;

  constructor(
    @Inject(JOURNAL_STORE) private readonly store: EventStore,
    @Inject(JOURNAL_PROJECTIONS) private readonly projections: ProjectionRunner,
    @Inject(JOURNAL_RUNNER) runner: CommandRunner,
    private readonly members: MemberQueries,
    private readonly texts: JournalTexts,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = () => new Date(),
  ) {
    this.entries = CommandHandler.sealed(
      runner,
      journalEntryDecider,
      // A new entry's id is made here, so its stream cannot exist yet.
      { streamOf: (command) => journalStreamId(command.entryId), makesStream: (command) => command.type === 'CreateEntry' },
      { open: (state) => this.opened(state), seal: (decided) => Promise.all(decided.map((event) => this.sealed(event))) },
    );
  }

  async create(userId: string, fields: EntryFields, meta: Meta): Promise<string> {
    return (await this.createEntry(userId, fields, meta)).entryId;
  }

  /** Creates an entry; answers its id and the event that saved it (a request answers from it rather than reading back). */
  async createEntry(userId: string, fields: EntryFields, meta: Meta): Promise<{ entryId: string; saved: StoredEvent | null }> {
    const now = this.clock();
    const entryId = uuidv7();
    const timeZone = await this.members.timeZoneOf(userId);
    const { events } = await this.entries.handle(
      { type: 'CreateEntry', entryId, userId, fields, today: localDateOf(now, timeZone), timeZone },
      meta,
    );
    return { entryId, saved: events[0] ?? null };
  }

  /** `basedOn`: the `updatedAt` the edit was made from; an entry saved since refuses it (409 ENTRY_CHANGED). */
  async update(userId: string, entryId: string, changes: Partial<EntryFields>, meta: Meta, basedOn: string | null = null): Promise<void> {
    const now = this.clock();
    const timeZone = await this.members.timeZoneOf(userId);
    await this.entries.handle(
      { type: 'UpdateEntry', entryId, userId, changes, basedOn, today: localDateOf(now, timeZone), timeZone },
      meta,
    );
  }

  async remove(userId: string, entryId: string, meta: Meta): Promise<void> {
    await this.entries.handle({ type: 'DeleteEntry', entryId, userId }, meta);
  }

  /**
   * Account deletion: the member's key is destroyed first (every sealed copy of their words, in the log, read models
   * and backups, is unreadable from then on), then the read models forget them, and the words v1 events kept in the
   * clear are overwritten in the log. Each step is idempotent, so a redelivery finishes what a crash left.
   */
  async purge(userId: string): Promise<void> {
    await this.texts.forget(userId);
    await this.projections.purgeSubject(userId);
    await this.store.eraseSubjectData(userId, JOURNAL_PERSONAL_FIELDS);
  }

  /** The entry with its words opened by its author's key; an entry no one can read any more is as good as removed. */
  private async opened(state: JournalEntryState): Promise<OpenEntryState> {
    if (state.status === 'absent') return state;
    const { sealedText, ...entry } = state.entry;
    const text = state.status === 'live' ? await this.texts.openEntry(entry.userId, entry.entryId, sealedText) : null;
    return state.status === 'live' && text
      ? { ...state, entry: { ...entry, ...text } }
      : { status: 'removed', entry: { ...entry, ...EMPTY_TEXT } };
  }

  private async sealed(event: JournalOutcome): Promise<NewEvent> {
    if (event.type !== 'formation.journal.entry-saved') return event;
    const { content, scriptureReference, gratitude, ...rest } = event.data;
    // For an erased account (a token issued before), MemberErasedError: a 401, and nothing is kept.
    return {
      ...event,
      data: { ...rest, sealedText: await this.texts.sealEntry(rest.userId, rest.entryId, { content, scriptureReference, gratitude }) },
    };
  }
}

const EMPTY_TEXT = { content: '', scriptureReference: null, gratitude: null };
