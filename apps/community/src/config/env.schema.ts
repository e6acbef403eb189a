import { authEnv, baseEnv, kafkaEnv, mongoEnv } from '@abide/platform';
import { z } from 'zod';

export const communityEnvSchema = z.object({ ...baseEnv, ...mongoEnv, ...kafkaEnv, ...authEnv });

export type CommunityConfig = z.infer<typeof communityEnvSchema>;
