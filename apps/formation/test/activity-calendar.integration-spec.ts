import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EventStore, ProjectionRunner } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';
import { HabitCommands } from '../src/habits/commands/habit.commands';
import { JournalCommands } from '../src/journal/commands/journal.commands';
import { ActivityCalendarProjection } from '../src/stats/projections/activity-calendar.projection';
import { StatsService } from '../src/stats/stats.service';
import { startFormation } from './formation-app.stub';

const clock = { now: new Date('2026-03-04T15:00:00Z') }; // a Wednesday
let app: NestFastifyApplication;
let db: Connection;

beforeAll(async () => {
  app = await startFormation(clock);
  db = app.get<Connection>(MONGO_CONNECTION);
});
afterAll(async () => {
  await db.dropDatabase();
  await db.useDb(`${db.name}_journal`).dropDatabase();
  await app.close();
});

const meta = { correlationId: 'it' };
const entry = { content: 'Grateful for the morning', scriptureReference: null, mood: null, gratitude: null, isPrivate: true, draft: false };

/** A member who checked a habit in yesterday and today and wrote in the journal today. */
const activeMember = async () => {
  const userId = uuidv7();
  const habits = app.get(HabitCommands);
  const habitId = await habits.create(userId, { name: 'Morning prayer', category: 'prayer' }, meta);
  await habits.checkIn(userId, habitId, { completed: true, date: '2026-03-03' }, meta);
  await habits.checkIn(userId, habitId, { completed: true }, meta);
  const entryId = await app.get(JournalCommands).create(userId, entry, meta);
  return { userId, habitId, entryId };
};

describe("My Plan's active days (one calendar per member)", () => {
  it('follows check-ins, their undoing and journal entries as they happen', async () => {
    const { userId, habitId, entryId } = await activeMember();
    const stats = app.get(StatsService);
    const calendar = app.get(ActivityCalendarProjection);

    expect(await calendar.listsOf(userId)).toEqual({
      habitCheckIns: ['2026-03-03', '2026-03-04'],
      planActivities: [],
      journalEntries: ['2026-03-04'],
    });
    expect(await stats.overview(userId)).toMatchObject({ currentStreak: 2, totalDays: 2 });

    await app.get(HabitCommands).checkIn(userId, habitId, { completed: false, date: '2026-03-03' }, meta);
    expect(await stats.overview(userId)).toMatchObject({ currentStreak: 1, totalDays: 1 });

    // Today stays active through the check-in once the entry is gone; then nothing is left.
    await app.get(JournalCommands).remove(userId, entryId, meta);
    expect(await calendar.listsOf(userId)).toEqual({ habitCheckIns: ['2026-03-04'], planActivities: [], journalEntries: [] });
    await app.get(HabitCommands).checkIn(userId, habitId, { completed: false }, meta);
    expect(await stats.overview(userId)).toMatchObject({ currentStreak: 0, totalDays: 0 });
  });

  it('is filled from the events already in the log at the first start that has it', async () => {
    const { userId } = await activeMember();
    const calendar = app.get(ActivityCalendarProjection);
    const before = await calendar.listsOf(userId);
    // As before the calendar was added: no documents, and no record that it was ever filled.
    await calendar.reset();
    await db.collection('projection_builds').deleteOne({ _id: calendar.name as never });
    expect(await calendar.listsOf(userId)).toEqual({ habitCheckIns: [], planActivities: [], journalEntries: [] });

    const runner = new ProjectionRunner(app.get(EventStore), [calendar]);
    await runner.onApplicationBootstrap();
    runner.onApplicationShutdown();

    expect(await calendar.listsOf(userId)).toEqual(before);
    expect(before.journalEntries).toEqual(['2026-03-04']);
    expect(await app.get(EventStore).projectionBuilt(calendar.name)).toBe(true);
  });
});
