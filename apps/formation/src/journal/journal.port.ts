import type { LocalDate } from '@abide/calendar';
import type { AppendMeta } from '@abide/event-store';
import type { JournalEntry } from '@abide/contracts';
import type { EntryFields } from './domain/journal-entry.decider';

/** What other formation features may use of the journal (docs/structure.md, "Ports"). */

/** Every entry of a member, drafts included, oldest first, for "Download my data". */
export abstract class JournalExportQuery {
  abstract exportFor(userId: string): Promise<JournalEntry[]>;
}

/** The days members finished an entry, as the nudges' scan reads them. */
export abstract class JournalDays {
  /** The local days on which these members finished an entry between two dates (inclusive), one row per entry. */
  abstract writtenBetween(userIds: readonly string[], from: LocalDate, to: LocalDate): Promise<Array<{ userId: string; localDate: LocalDate }>>;
}

/** The journal command the load suite's history seeder writes (src/bench). */
export abstract class JournalSeeding {
  abstract create(userId: string, fields: EntryFields, meta: AppendMeta): Promise<string>;
}
