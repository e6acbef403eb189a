// A check-in's answer is built from what the command just wrote (the appended event, the board row this process wrote),
// not read back: it must still show the member's check-in, and what came before it, when another replica changed the
// member's board in between. Two apps on one database stand for two replicas of formation.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { v7 as uuidv7 } from 'uuid';
import { HabitCommands } from '../src/habits/commands/habit.commands';
import { HabitQueries } from '../src/habits/habit.queries';
import { toHabitEntry } from '../src/habits/habit-figures';
import { startFormationReplicas } from './formation-app.stub';

const clock = { now: new Date('2026-03-02T15:00:00Z') }; // a Monday
const meta = { correlationId: 'check-in-answer' };
let replicas: NestFastifyApplication[];

let stop: () => Promise<void>;

beforeAll(async () => {
  ({ replicas, stop } = await startFormationReplicas(clock));
}, 60_000);
afterAll(() => stop());

/** What POST /habits/:id/toggle answers, asked of one replica. */
const toggle = async (replica: NestFastifyApplication, userId: string, habitId: string, completed: boolean, date?: string) => {
  const { date: day, appended, day: state } = await replica.get(HabitCommands).checkIn(userId, habitId, { completed, date }, meta);
  return { entry: toHabitEntry(habitId, day, state), habit: await replica.get(HabitQueries).one(userId, habitId, day, appended) };
};

it('answers a check-in with it and the days before it, though another replica changed the board in between', async () => {
  const userId = uuidv7();
  const [a, b] = replicas;
  const prayer = await a.get(HabitCommands).create(userId, { name: 'Prayer', category: 'prayer' }, meta);
  const reading = await a.get(HabitCommands).create(userId, { name: 'Reading', category: 'scripture' }, meta);
  clock.now = new Date('2026-03-04T15:00:00Z'); // the Wednesday after

  // Replica A checks in Tuesday (and remembers the board it wrote); replica B then changes the board.
  expect((await toggle(a, userId, prayer, true, '2026-03-03')).habit).toMatchObject({ completedOnDate: true, streak: 1 });
  expect((await toggle(b, userId, reading, true)).habit).toMatchObject({ completedOnDate: true, streak: 1 });

  // A's check-in of today: its answer holds today and Tuesday.
  const today = await toggle(a, userId, prayer, true);
  expect(today.entry).toMatchObject({ habitId: prayer, date: '2026-03-04', completed: true, note: null });
  expect(today.entry.completedAt).toBe(clock.now.toISOString());
  expect(today.habit).toMatchObject({ id: prayer, completedOnDate: true, streak: 2 });

  // Asking again changes nothing (no event): the answer is the habit's state as read, and still says done.
  const again = await toggle(a, userId, prayer, true);
  expect(again.entry).toMatchObject({ completed: true, completedAt: clock.now.toISOString() });
  expect(again.habit).toMatchObject({ completedOnDate: true, streak: 2 });

  // Replica B undoes it: B's answer says not done, though B last wrote the board before A's check-in.
  const undone = await toggle(b, userId, prayer, false);
  expect(undone.entry).toMatchObject({ date: '2026-03-04', completed: false, completedAt: null });
  expect(undone.habit).toMatchObject({ completedOnDate: false, streak: 1 });
  // And every replica reads the same afterwards.
  for (const replica of replicas) {
    const listed = await replica.get(HabitQueries).list(userId);
    expect(listed.map((h) => [h.name, h.completedOnDate])).toEqual([
      ['Prayer', false],
      ['Reading', true],
    ]);
  }
}, 60_000);
