import { z } from 'zod';

/** Events of formation's notification aggregate: nudges delivered in-app, by e-mail and SMS (topic formation.notification.v1). */
export const formationNotificationEvents = {} as const satisfies Record<string, { schemaVersion: number; schema: z.ZodTypeAny }>;
