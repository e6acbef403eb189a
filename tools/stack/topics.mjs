// The stack's one topic-provisioning step (libs/messaging/src/topics/provision-topics.ts), run as a child process:
// it waits for the broker, creates what is missing with the contracts' partition count and returns once every
// partition has a leader. Services never create topics; their consumers wait for them.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const provisionTopicsScript = 'libs/messaging/src/topics/provision-topics.main.ts';

/**
 * @param {{ brokers: string, prefix: string, logFile: string, onProgress?: (line: string) => void, timeoutSeconds?: number }} options
 * @returns {{ ready: Promise<void>, cancel: () => void }} `ready` resolves when the topics are ready and rejects with
 *   the step's last lines otherwise; `cancel` stops the step (when something else failed first)
 */
export const provisionTopics = ({ brokers, prefix, logFile, onProgress = () => {}, timeoutSeconds = 180 }) => {
  let child;
  const ready = new Promise((resolve, reject) => {
    const out = createWriteStream(logFile, { flags: 'a' });
    child = spawn(process.execPath, ['-r', '@swc-node/register', provisionTopicsScript], {
      cwd: repoRoot,
      env: {
        ...process.env,
        KAFKA_BROKERS: brokers,
        KAFKA_TOPIC_PREFIX: prefix,
        KAFKA_TOPICS_TIMEOUT_SECONDS: String(timeoutSeconds),
        SWC_NODE_PROJECT: path.join(repoRoot, 'tsconfig.json'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const tail = [];
    const take = (chunk) => {
      out.write(chunk);
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        tail.push(line);
        if (tail.length > 20) tail.shift();
        onProgress(line.replace(/^\[kafka-topics\] /, 'kafka topics: '));
      }
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.once('error', reject);
    child.once('exit', (code) => {
      out.end();
      if (code === 0) resolve();
      else reject(new Error(`Kafka topic provisioning failed (exit ${code}):\n${tail.join('\n')}\n(log: ${logFile})`));
    });
  });
  return { ready, cancel: () => child?.exitCode === null && child.kill('SIGTERM') };
};
