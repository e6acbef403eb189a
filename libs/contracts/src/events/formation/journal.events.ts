import { z } from 'zod';

/** Events of formation's journal aggregate (topic formation.journal.v1). */
export const formationJournalEvents = {} as const satisfies Record<string, { schemaVersion: number; schema: z.ZodTypeAny }>;
