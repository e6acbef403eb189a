// One-shot step run before the services (npm start, the test stacks, compose's kafka-topics service):
//   KAFKA_BROKERS=127.0.0.1:9092 KAFKA_TOPIC_PREFIX= node -r @swc-node/register libs/messaging/src/topics/provision-topics.main.ts
// It signs in like the services do (KAFKA_SASL_*, KAFKA_SSL; deploy/README.md "Kafka").
import { loadConfigOrExit } from '@abide/platform';
import { kafkaConnection } from '../kafka-connection';
import { provisionTopics } from './provision-topics';
import { provisionTopicsEnvSchema } from './provision-topics.env';

const config = loadConfigOrExit('kafka-topics', provisionTopicsEnvSchema);
const prefix = config.KAFKA_TOPIC_PREFIX;
const say = (line: string) => process.stdout.write(`[kafka-topics] ${line}\n`);

provisionTopics({ ...kafkaConnection(config), prefix, timeoutMs: config.KAFKA_TOPICS_TIMEOUT_SECONDS * 1000, onProgress: say }).then(
  ({ created, existing }) => {
    say(`ready: ${created.length} created, ${existing} already there${prefix ? ` (prefix "${prefix}")` : ''}`);
    process.exit(0);
  },
  (error: unknown) => {
    process.stderr.write(`[kafka-topics] ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
