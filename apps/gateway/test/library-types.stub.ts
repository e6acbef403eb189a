import type { auditEntrySchema } from '@abide/contracts';
import type { z } from 'zod';

export type { ProblemDetails, Resource, ResourcePage, ReviewQueue } from '@abide/contracts';
export type AuditEntry = z.infer<typeof auditEntrySchema>;
