import { Module } from '@nestjs/common';
import { MONGO_CONNECTION, portProvider } from '@abide/platform';
import { JournalDays, JournalExportQuery, JournalSeeding } from './journal.port';
import { erasedSubjectsIn, EventStore, ProjectionRunner } from '@abide/event-store';
import type { Connection } from 'mongoose';
import { FORMATION_CONFIG, type FormationConfig } from '../config/env.schema';
import { MEMBER_ERASURE_EVENTS, MemberLifecycle } from '../members/members.port';
import { MembersModule } from '../members/members.module';
import { JournalCommands } from './commands/journal.commands';
import { JournalInsightService } from './insight/journal-insight.service';
import { JournalController } from './journal.controller';
import { JournalQueries } from './journal.queries';
import {
  createJournalRunner,
  createJournalStore,
  JOURNAL_CONNECTION,
  JOURNAL_PROJECTIONS,
  JOURNAL_RUNNER,
  JOURNAL_STORE,
  openJournalConnection,
} from './journal-store';
import { JournalEntryProjection } from './projections/journal-entry.projection';
import { JournalFactsProjection } from './projections/journal-facts.projection';
import { JournalListProjection } from './projections/journal-list.projection';
import { JournalPromptsService } from './prompts/journal-prompts.service';
import { JournalTexts } from './journal-texts';

/** The assistant behind journal insights, when one is configured; otherwise insights come from the entry alone. */
const insightAssistant = (config: FormationConfig) =>
  config.JOURNAL_ASSISTANT_URL
    ? {
        url: config.JOURNAL_ASSISTANT_URL,
        key: config.JOURNAL_ASSISTANT_KEY,
        model: config.JOURNAL_ASSISTANT_MODEL,
        timeoutMs: config.JOURNAL_ASSISTANT_TIMEOUT_MS,
      }
    : null;

/** The journal: entries in their own database (their words sealed with each member's key), prompts, insights, the writing streak. */
@Module({
  imports: [MembersModule],
  controllers: [JournalController],
  providers: [
    { provide: JOURNAL_CONNECTION, useFactory: (c: Connection) => openJournalConnection(c), inject: [MONGO_CONNECTION] },
    { provide: JOURNAL_STORE, useFactory: (c: Connection) => createJournalStore(c), inject: [JOURNAL_CONNECTION] },
    JournalTexts,
    JournalEntryProjection,
    JournalFactsProjection,
    JournalListProjection,
    {
      provide: JOURNAL_PROJECTIONS,
      useFactory: (
        store: EventStore,
        formation: EventStore,
        entries: JournalEntryProjection,
        facts: JournalFactsProjection,
        lists: JournalListProjection,
      ) =>
        // Deletions are recorded in formation's own log (the member's stream): a rebuild of the journal leaves them out.
        new ProjectionRunner(store, [entries, facts, lists], { erasedSubjects: erasedSubjectsIn(formation, MEMBER_ERASURE_EVENTS) }),
      inject: [JOURNAL_STORE, EventStore, JournalEntryProjection, JournalFactsProjection, JournalListProjection],
    },
    { provide: JOURNAL_RUNNER, useFactory: createJournalRunner, inject: [JOURNAL_STORE, JOURNAL_PROJECTIONS] },
    JournalCommands,
    JournalQueries,
    JournalPromptsService,
    {
      provide: JournalInsightService,
      useFactory: (config: FormationConfig) => new JournalInsightService(insightAssistant(config)),
      inject: [FORMATION_CONFIG],
    },
    portProvider(JournalExportQuery, JournalQueries),
    portProvider(JournalDays, JournalEntryProjection),
    portProvider(JournalSeeding, JournalCommands),
  ],
  // The journal's store and texts for formation.migration.ts alone (sealing the words stored in the clear).
  exports: [JournalExportQuery, JournalDays, JournalSeeding, JOURNAL_STORE, JournalTexts],
})
export class JournalModule {
  constructor(lifecycle: MemberLifecycle, journal: JournalCommands, prompts: JournalPromptsService) {
    lifecycle.listen({
      forget: async (userId) => {
        await journal.purge(userId);
        await prompts.purge(userId);
      },
    });
  }
}
