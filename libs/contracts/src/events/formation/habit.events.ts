import { z } from 'zod';

/** Events of formation's habit aggregate (topic formation.habit.v1). */
export const formationHabitEvents = {} as const satisfies Record<string, { schemaVersion: number; schema: z.ZodTypeAny }>;
