import { authEnv, baseEnv, kafkaEnv, mongoEnv, redisEnv, s3Env } from '@abide/platform';
import { z } from 'zod';

export const libraryEnvSchema = z.object({ ...baseEnv, ...mongoEnv, ...kafkaEnv, ...authEnv, ...redisEnv, ...s3Env });

export type LibraryConfig = z.infer<typeof libraryEnvSchema>;
