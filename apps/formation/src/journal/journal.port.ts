/** What other formation features may use of the journal (docs/architecture.md, "Feature boundaries"). */
export { JournalQueries } from './journal.queries';
export { JournalEntryProjection } from './projections/journal-entry.projection';
export { JournalCommands } from './commands/journal.commands';
