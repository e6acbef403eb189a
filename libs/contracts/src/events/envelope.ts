import { z } from 'zod';

/**
 * The one envelope every domain event travels in (docs/events.md).
 * `data` is validated separately: against the schema of its `type` at its `schemaVersion`, then, when that version is
 * an earlier one, upcast to the current version (registry.ts, upcasting.ts).
 */
export const eventEnvelopeSchema = z.object({
  id: z.string().uuid(),
  type: z.string().regex(/^[a-z]+\.[a-z-]+\.[a-z-]+$/, 'type must look like "<service>.<aggregate>.<event>"'),
  schemaVersion: z.number().int().positive(),
  streamId: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.string().datetime({ offset: true }),
  subjectId: z.string().min(1).nullable(),
  correlationId: z.string().min(1),
  causationId: z.string().min(1).nullable(),
  data: z.record(z.string(), z.unknown()),
});

export type EventEnvelope<TData = Record<string, unknown>> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & {
  data: TData;
};
