import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { loadConfigOrExit } from '@abide/platform';
import { readFileSync, writeFileSync } from 'node:fs';
import { seedingClock } from '@abide/testing/src/seeding-clock';
import { AppModule } from '../app.module';
import { formationEnvSchema } from '../config/env.schema';
import { HabitSeeding } from '../habits/habits.port';
import { JournalSeeding } from '../journal/journal.port';
import { MemberQueries } from '../members/members.port';
import { PlanSeeding } from '../plans/plans.port';
import { addDays, localDateOf, startOfLocalDay, weekdayOf } from '@abide/calendar';
import { historyProfile, journalFields, scheduledOn, seededRandom } from './history-profile';

/**
 * The load suite's history seeding (tools/bench): gives members `days` days of life before today through formation's
 * own command classes, with the clock set to each day in turn: a plan every week (generated at the first day, then
 * rolled over), ticked-off plan activities, three habits with their check-ins, journal entries. Every write is a real
 * command: events in the store, projections updated, facts relayed to Kafka for community.
 *
 *   node -r @swc-node/register apps/formation/src/bench/seed-history.cli.ts <input.json> <output.json>
 *   input:  { members: [{ userId, index, profileIndex?, days }], concurrency }
 *   output: { members: [{ userId, habitIds, writes }], timing: { <command>: { count, ms } }, writes, seconds }
 *
 * Several members are seeded at once, each at their own point in time: the injected clock reads the current
 * member's day from an AsyncLocalStorage.
 */
interface MemberInput {
  userId: string;
  index: number;
  /** Whose habits and faithfulness to copy (default: index), e.g. for two members who differ only in history length. */
  profileIndex?: number;
  days: number;
}

const { clock, at: atTime, timed, write: countedWrite, timing, writes } = seedingClock();

const main = async (): Promise<void> => {
  const [inputFile, outputFile] = process.argv.slice(2);
  if (!inputFile || !outputFile) throw new Error('usage: seed-history.cli.ts <input.json> <output.json>');
  const input = JSON.parse(readFileSync(inputFile, 'utf8')) as { members: MemberInput[]; concurrency?: number };
  const config = loadConfigOrExit('formation bench seed', formationEnvSchema);
  const app = await NestFactory.createApplicationContext(AppModule.forRoot({ ...config, JOBS_ENABLED: false }, clock), {
    logger: ['error', 'warn'],
  });
  const habits = app.get(HabitSeeding);
  const journal = app.get(JournalSeeding);
  const plans = app.get(PlanSeeding);
  const members = app.get(MemberQueries);

  const started = Date.now();
  const results: Array<{ userId: string; habitIds: string[]; writes: number }> = [];
  const seedMember = async ({ userId, index: memberIndex, profileIndex, days }: MemberInput): Promise<void> => {
    const index = profileIndex ?? memberIndex;
    // Formation learns the member from identity's events; their zone decides what "a day" is.
    for (let waited = 0; !(await members.find(userId)) && waited < 60_000; waited += 250) await new Promise((r) => setTimeout(r, 250));
    const timeZone = await members.timeZoneOf(userId);
    const profile = historyProfile(index);
    const random = seededRandom(index * 104729 + days);
    const today = localDateOf(new Date(), timeZone);
    const first = addDays(today, -days);
    const meta = (date: string) => ({ correlationId: `bench-seed-${userId.slice(-8)}-${date}` });
    const at = (date: string, hour: number) =>
      new Date(startOfLocalDay(date, timeZone).getTime() + hour * 3_600_000 + Math.floor(random() * 3_600_000));
    let memberWrites = 0;
    const write = async <T>(kind: string, run: () => Promise<T>): Promise<T> => {
      const result = await countedWrite(kind, run);
      memberWrites++;
      return result;
    };
    const store = { at: at(first, 7) };
    await atTime(store, async () => {
      // Onboarding day: the first week's plan and three habits.
      await write('plan.generate', () => plans.generate(userId, { reason: 'onboarding', meta: meta(first) }));
      const habitIds: string[] = [];
      for (const habit of profile.habits) {
        habitIds.push(
          await write('habit.create', () =>
            habits.create(
              userId,
              {
                name: habit.name,
                category: habit.category,
                description: habit.description,
                frequency: habit.frequency,
                reminderTime: habit.reminderTime,
              },
              meta(first),
            ),
          ),
        );
      }
      for (let date = first; date < today; date = addDays(date, 1)) {
        store.at = at(date, 6);
        // The plan of this day's week (a new week rolls over, as when the member opens My Plan).
        const plan = await timed('plan.current', () => plans.ensureCurrent(userId, meta(date)));
        const day = plan?.plan.dailyActivities.find((d) => d.date === date);
        for (const activity of day?.activities ?? []) {
          if (random() >= profile.planRate) continue;
          store.at = at(date, 7 + Math.floor(random() * 12));
          await write('plan.toggleActivity', () => plans.toggleActivity(userId, activity.id, true, meta(date)));
        }
        for (const [i, habit] of profile.habits.entries()) {
          if (!scheduledOn(habit.frequency, weekdayOf(date), index) || random() >= profile.checkInRate) continue;
          store.at = at(date, 7 + Math.floor(random() * 14));
          await write('habit.checkIn', () => habits.checkIn(userId, habitIds[i], { completed: true }, meta(date)));
        }
        if (random() < profile.journalRate) {
          store.at = at(date, 19 + Math.floor(random() * 3));
          await write('journal.create', () => journal.create(userId, journalFields(random), meta(date)));
        }
      }
      results.push({ userId, habitIds, writes: memberWrites });
    });
  };

  const queue = [...input.members];
  const progress = setInterval(() => {
    const seconds = (Date.now() - started) / 1000;
    process.stdout.write(
      `seeded ${results.length}/${input.members.length} members, ${writes()} writes, ${(writes() / seconds).toFixed(1)} writes/s\n`,
    );
  }, 10_000);
  try {
    await Promise.all(
      Array.from({ length: Math.max(1, input.concurrency ?? 4) }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await seedMember(next);
      }),
    );
  } finally {
    clearInterval(progress);
  }
  const seconds = (Date.now() - started) / 1000;
  writeFileSync(outputFile, JSON.stringify({ members: results, timing, writes: writes(), seconds }, null, 2));
  await app.close();
};

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
