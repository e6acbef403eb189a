import { z } from 'zod';
import { queues } from '../queues';

/**
 * The operations page's shapes (admins only): health of every service and engine, failed jobs with retry, dead letters
 * with replay, Prometheus queries. Identity serves `/api/ops/…` and asks the other services on the caller's behalf
 * (docs/architecture.md, "Operations").
 */
export const opsServices = ['identity', 'formation', 'library', 'community'] as const;
export type OpsService = (typeof opsServices)[number];

/** Which service runs each BullMQ queue (retry is asked of that service). */
export const serviceOfQueue: Readonly<Record<string, OpsService>> = {
  [queues.formationPlanRollover]: 'formation',
  [queues.formationNudgeScan]: 'formation',
  [queues.formationNudgeDelivery]: 'formation',
  [queues.libraryResourceProcessing]: 'library',
  [queues.identityMemberImport]: 'identity',
  [queues.identityInvitationDelivery]: 'identity',
};

const checkStatusSchema = z.object({
  status: z.enum(['ok', 'degraded', 'failing']),
  critical: z.boolean().optional(),
  detail: z.string().optional(),
});

export const opsServiceHealthSchema = z.object({
  service: z.enum(opsServices),
  /** `unavailable` also when the service did not answer (detail says why). */
  status: z.enum(['ok', 'degraded', 'unavailable']),
  /** Each engine and dependency the service checks (mongo, kafka, redis, s3, …), by name. */
  checks: z.record(z.string(), checkStatusSchema),
  detail: z.string().optional(),
});
export type OpsServiceHealth = z.infer<typeof opsServiceHealthSchema>;

export const opsHealthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  checkedAt: z.string(),
  services: z.array(opsServiceHealthSchema),
  /** The metrics engine: `failing` with a detail when it does not answer. */
  prometheus: checkStatusSchema,
});
export type OpsHealth = z.infer<typeof opsHealthSchema>;

export const failedJobSchema = z.object({
  service: z.enum(opsServices),
  queue: z.string(),
  id: z.string(),
  name: z.string(),
  failedReason: z.string(),
  attemptsMade: z.number().int(),
  /** When it was added, last started and finished (failed), ISO 8601. */
  createdAt: z.string().nullable(),
  processedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Ids in the job's data (`resourceId=…`) and the names of its other fields: never personal values. */
  dataSummary: z.string(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const failedJobsSchema = z.object({ jobs: z.array(failedJobSchema) });
export type FailedJobs = z.infer<typeof failedJobsSchema>;

export const deadLetterSchema = z.object({
  service: z.enum(opsServices),
  /** Opaque; with `service`, names the dead letter to replay. */
  id: z.string(),
  /** The consumer (inbox name) that gave up on it. */
  consumer: z.string(),
  topic: z.string(),
  partition: z.number().int(),
  offset: z.string(),
  eventId: z.string().nullable(),
  eventType: z.string().nullable(),
  reason: z.string(),
  failedAt: z.string(),
  /** When it was replayed to its topic; a dead letter is replayed at most once. */
  replayedAt: z.string().nullable(),
});
export type DeadLetter = z.infer<typeof deadLetterSchema>;

export const deadLettersSchema = z.object({ deadLetters: z.array(deadLetterSchema) });
export type DeadLetters = z.infer<typeof deadLettersSchema>;

export const deadLetterReplaySchema = z.object({
  /** false when it had been replayed before: nothing was sent again. */
  republished: z.boolean(),
  deadLetter: deadLetterSchema,
});
export type DeadLetterReplay = z.infer<typeof deadLetterReplaySchema>;

/** `GET /api/ops/prometheus/query` — Prometheus's instant query. */
export const prometheusQueryRequestSchema = z.object({
  query: z.string().min(1).max(2000),
  time: z.string().max(40).optional(),
});

/** `GET /api/ops/prometheus/query-range` — Prometheus's range query (`step` in seconds or a duration like `30s`). */
export const prometheusRangeRequestSchema = z.object({
  query: z.string().min(1).max(2000),
  start: z.string().min(1).max(40),
  end: z.string().min(1).max(40),
  step: z.string().min(1).max(20),
});

/** Prometheus's own answer, passed on as it is (`data.resultType`, `data.result`). */
export const prometheusResponseSchema = z.object({
  status: z.enum(['success', 'error']),
  data: z
    .object({
      resultType: z.string(),
      result: z.array(z.unknown()),
    })
    .optional(),
  errorType: z.string().optional(),
  error: z.string().optional(),
  warnings: z.array(z.string()).optional(),
});
export type PrometheusResponse = z.infer<typeof prometheusResponseSchema>;
