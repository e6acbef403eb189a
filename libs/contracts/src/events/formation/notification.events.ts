import { z } from 'zod';

/**
 * Events of formation's notification aggregate: nudges delivered in-app, by e-mail and SMS (topic formation.notification.v1).
 * None yet: a delivery is recorded in formation's `nudge_deliveries` (its key in a unique index); no other service needs it.
 */
export const formationNotificationEvents = {} as const satisfies Record<string, { schemaVersion: number; schema: z.ZodTypeAny }>;
