import { z } from 'zod';

/** Events of formation's member aggregate (topic formation.member.v1). */
export const formationMemberEvents = {} as const satisfies Record<string, { schemaVersion: number; schema: z.ZodTypeAny }>;
