import { MAX_UPLOAD_BYTES } from '@abide/contracts';
import { authEnv, baseEnv, kafkaEnv, mongoEnv, redisEnv, s3Env } from '@abide/platform';
import { z } from 'zod';

const bucket = z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid S3 bucket name');

export const libraryEnvSchema = z.object({
  ...baseEnv,
  ...mongoEnv,
  ...kafkaEnv,
  ...authEnv,
  // The processing queue (BullMQ) lives in Redis.
  ...redisEnv,
  ...s3Env,
  /** Where uploads land before they are checked and processed; never readable by browsers. */
  S3_BUCKET_QUARANTINE: bucket.default('abide-quarantine'),
  /** Where processed files live; never public, read through short-lived pre-signed URLs only. */
  S3_BUCKET_STORE: bucket.default('abide-library'),
  /** The object store as browsers reach it, for pre-signed download URLs (e.g. https://files.example.org); the internal endpoint when empty. */
  S3_PUBLIC_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v.replace(/\/+$/, '') : undefined))
    .pipe(z.string().url().optional()),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Largest accepted file (spec: 10 MB = 10*1024*1024 bytes); enforced while streaming. */
  MAX_UPLOAD_BYTES: z.coerce.number().int().min(1).max(MAX_UPLOAD_BYTES).default(MAX_UPLOAD_BYTES),
  /** Lifetime of a pre-signed download URL. */
  DOWNLOAD_URL_TTL_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** Distinct reports that send an approved resource back to review. */
  LIBRARY_REPORT_THRESHOLD: z.coerce.number().int().min(1).max(100).default(3),
  /** Runs the processing worker in this instance. */
  JOBS_ENABLED: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
});

export type LibraryConfig = z.infer<typeof libraryEnvSchema>;
export const LIBRARY_CONFIG = Symbol('LIBRARY_CONFIG');
