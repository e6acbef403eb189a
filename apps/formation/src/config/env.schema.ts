import { authEnv, baseEnv, kafkaEnv, mongoEnv } from '@abide/platform';
import { z } from 'zod';

export const formationEnvSchema = z.object({ ...baseEnv, ...mongoEnv, ...kafkaEnv, ...authEnv });

export type FormationConfig = z.infer<typeof formationEnvSchema>;
