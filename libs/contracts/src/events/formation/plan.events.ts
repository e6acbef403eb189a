import { z } from 'zod';

/** Events of formation's plan aggregate (topic formation.plan.v1). */
export const formationPlanEvents = {} as const satisfies Record<string, { schemaVersion: number; schema: z.ZodTypeAny }>;
