import { CommandRunner, EventStore, type ProjectionRunner } from '@abide/event-store';
import type { Connection } from 'mongoose';

/**
 * Journal text never leaves formation. Its events (`entry-saved`, `entry-removed`) live in a store of their own, in
 * a database of their own with no outbox relay, so nothing publishes them; only the facts (`entry-written`,
 * `entry-deleted`: ids and a date) are appended to the service's relayed store. The suffix keeps the database
 * beside the service's (`abide_formation` → `abide_formation_journal`).
 */
export const JOURNAL_CONNECTION = Symbol('JOURNAL_CONNECTION');
export const JOURNAL_STORE = Symbol('JOURNAL_STORE');
export const JOURNAL_PROJECTIONS = Symbol('JOURNAL_PROJECTIONS');
/** The private store's command runner: its projections, and no relay (nothing of this store is published). */
export const JOURNAL_RUNNER = Symbol('JOURNAL_RUNNER');

export const journalDatabaseName = (serviceDb: string): string => `${serviceDb}_journal`;

export const openJournalConnection = (service: Connection): Connection =>
  service.useDb(journalDatabaseName(service.name), { useCache: true });

export const createJournalStore = (connection: Connection): EventStore =>
  new EventStore(connection, { service: 'formation-journal', publishes: false });

export const createJournalRunner = (store: EventStore, projections: ProjectionRunner): CommandRunner =>
  new CommandRunner(store, projections, { kick: () => undefined });

export const journalStreamId = (entryId: string): string => `journal-entry-${entryId}`;
/** The published facts of one entry, in the relayed store. */
export const journalFactStreamId = (entryId: string): string => `journal-${entryId}`;

/** Fields of `entry-saved` erased from the private log when the member deletes their account. */
export const JOURNAL_PERSONAL_FIELDS = ['content', 'scriptureReference', 'gratitude'] as const;
