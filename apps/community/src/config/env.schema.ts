import { FREE_PLAN_GROUP_LIMIT } from '@abide/contracts';
import { authEnv, baseEnv, kafkaEnv, mongoEnv, privateTextEnv, redisEnv } from '@abide/platform';
import { z } from 'zod';

export const communityEnvSchema = z.object({
  ...baseEnv,
  ...mongoEnv,
  ...kafkaEnv,
  ...authEnv,
  // Idempotency keys live in Redis, shared by every community instance.
  ...redisEnv,
  // Prayer requests are sealed with their author's data key, wrapped by this master key.
  ...privateTextEnv,
  /** The plan's entitlement: how many groups one member may own at a time (spec: the free plan allows one). */
  GROUP_OWNERSHIP_LIMIT: z.coerce.number().int().min(1).max(1000).default(FREE_PLAN_GROUP_LIMIT),
});

export type CommunityConfig = z.infer<typeof communityEnvSchema>;
export const COMMUNITY_CONFIG = Symbol('COMMUNITY_CONFIG');
