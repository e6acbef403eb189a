// One-shot step run before the services (npm start, the test stacks, compose's kafka-topics service):
//   KAFKA_BROKERS=127.0.0.1:9092 KAFKA_TOPIC_PREFIX= node -r @swc-node/register libs/messaging/src/topics/provision-topics.main.ts
import { provisionTopics } from './provision-topics';

const brokers = (process.env.KAFKA_BROKERS ?? '')
  .split(',')
  .map((b) => b.trim())
  .filter(Boolean);
const prefix = process.env.KAFKA_TOPIC_PREFIX ?? '';
const timeoutSeconds = Number(process.env.KAFKA_TOPICS_TIMEOUT_SECONDS ?? 180);
const say = (line: string) => process.stdout.write(`[kafka-topics] ${line}\n`);

if (brokers.length === 0 || !/^[a-z0-9_.-]*$/.test(prefix) || !(timeoutSeconds > 0)) {
  process.stderr.write(
    '[kafka-topics] set KAFKA_BROKERS (host:port,…), and optionally KAFKA_TOPIC_PREFIX (a-z 0-9 _ . -) and KAFKA_TOPICS_TIMEOUT_SECONDS\n',
  );
  process.exit(78);
}

provisionTopics({ brokers, prefix, timeoutMs: timeoutSeconds * 1000, onProgress: say }).then(
  ({ created, existing }) => {
    say(`ready: ${created.length} created, ${existing} already there${prefix ? ` (prefix "${prefix}")` : ''}`);
    process.exit(0);
  },
  (error: unknown) => {
    process.stderr.write(`[kafka-topics] ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
