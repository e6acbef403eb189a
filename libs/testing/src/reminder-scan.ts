import { queues } from '@abide/contracts';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';

/**
 * A time zone in which it is now between 07:30 and 08:30, so a new member there is due their daily reminder (07:30
 * local, sent up to two hours late) and is outside quiet hours. `Etc/GMT-5` is UTC+5 (the tz database's signs are
 * inverted).
 */
export function zoneWhereTheMorningReminderIsDue(now = new Date()): string {
  const minutesUtc = now.getUTCHours() * 60 + now.getUTCMinutes();
  for (let offset = -12; offset <= 14; offset++) {
    const local = (((minutesUtc + offset * 60) % 1440) + 1440) % 1440;
    if (local >= 7 * 60 + 30 && local < 8 * 60 + 30)
      return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
  }
  throw new Error('no whole-hour zone has the morning now');
}

/**
 * Runs the test stack's reminder scan now, as its every-few-minutes schedule would: one job on formation's scan queue,
 * which the stack's own worker picks up (with the stack's clock) and turns into deliveries.
 */
export async function runReminderScan(): Promise<void> {
  const connection = new IORedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
  const queue = new Queue(queues.formationNudgeScan, { connection, prefix: `${process.env.E2E_NAMESPACE ?? 'abide_test'}:bull` });
  try {
    await queue.add('scan', {}, { removeOnComplete: true, removeOnFail: true });
  } finally {
    await queue.close();
    connection.disconnect();
  }
}
