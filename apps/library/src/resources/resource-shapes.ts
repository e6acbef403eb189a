import type { auditEntrySchema, Resource, ResourcePage, ReviewItem, ReviewQueue } from '@abide/contracts';
import type { z } from 'zod';

/** The contracts' shapes this service answers with (one import place for the read side). */
export type { Resource, ResourcePage, ReviewItem, ReviewQueue };
export type AuditEntry = z.infer<typeof auditEntrySchema>;
