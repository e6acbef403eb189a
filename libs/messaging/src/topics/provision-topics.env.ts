import { baseEnv, kafkaBrokersEnv, kafkaEnv, kafkaSecurityEnv } from '@abide/platform';
import { z } from 'zod';

/** The topic step's settings: the brokers and how to sign in to them, as the services name them, and its own limits. */
export const provisionTopicsEnvSchema = z.object({
  NODE_ENV: baseEnv.NODE_ENV,
  ...kafkaBrokersEnv,
  ...kafkaSecurityEnv,
  KAFKA_TOPIC_PREFIX: kafkaEnv.KAFKA_TOPIC_PREFIX,
  KAFKA_TOPICS_TIMEOUT_SECONDS: z.coerce.number().positive().default(180),
});
