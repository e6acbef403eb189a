// A check-in reckons "today" in the zone its habit's own stream holds (HabitZones carries the member's zone there), so
// no check-in reads the member. What must hold with several replicas: a change of zone on one replica reaches every
// habit, including one created on another replica at the same moment, and a check-in after the change was handled
// uses it wherever it runs. Two apps on one database stand for two replicas of formation.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { localDateOf } from '@abide/calendar';
import { EventStore } from '@abide/event-store';
import { v7 as uuidv7 } from 'uuid';
import { HabitCommands } from '../src/habits/commands/habit.commands';
import { habitDecider, habitStreamId } from '../src/habits/domain/habit.decider';
import { HabitBoardProjection } from '../src/habits/projections/habit-board.projection';
import { IdentityEvents } from '../src/members/identity-events';
import { identityEvent, startFormationReplicas } from './formation-app.stub';

// 15:00 UTC: already the 5th in Tokyo and Auckland, still the 4th in Los Angeles and New York.
const clock = { now: new Date('2026-03-04T15:00:00Z') };
const meta = { correlationId: 'habit-zones' };
let replicas: NestFastifyApplication[];

let stop: () => Promise<void>;

beforeAll(async () => {
  ({ replicas, stop } = await startFormationReplicas(clock));
}, 60_000);
afterAll(() => stop());

/** An identity event as formation's consumer on `replica` handles it. */
const handle = (replica: NestFastifyApplication, event: ReturnType<typeof identityEvent>) =>
  (replica.get(IdentityEvents).handlers[event.type as 'identity.user.registered'] as (e: unknown) => Promise<void>)(event);
const onboarded = (userId: string, timeZone: string) =>
  identityEvent('identity.user.onboarding-completed', userId, {
    userId,
    name: 'Phoebe',
    spiritualGoals: ['Deeper prayer life'],
    connectionPreferences: ['prayer'],
    reminderFrequency: 'daily',
    phoneNumber: null,
    timeZone,
    completedAt: clock.now.toISOString(),
  });
const zoneChanged = (userId: string, timeZone: string) => identityEvent('identity.user.settings-updated', userId, { userId, timeZone });
/** The zone each of the member's habits holds, as its stream tells it. */
const zonesOf = async (userId: string) => {
  const board = await replicas[0].get(HabitBoardProjection).read(userId);
  const states = await Promise.all(board.habits.map((h) => replicas[0].get(EventStore).aggregate(habitStreamId(h.id), habitDecider)));
  return states.map((s) => s.state.timeZone);
};

it('gives every habit the zone the member ends in, habits created on another replica during the changes included', async () => {
  const userId = uuidv7();
  const [a, b] = replicas;
  await handle(a, onboarded(userId, 'Asia/Tokyo'));
  await b.get(HabitCommands).create(userId, { name: 'Prayer', category: 'prayer' }, meta);

  // Replica A handles a run of zone changes while replica B creates habits and checks one in, all at once.
  const zones = ['America/Los_Angeles', 'Pacific/Auckland', 'America/New_York', 'Asia/Tokyo', 'America/Los_Angeles'];
  const changes = (async () => {
    for (const zone of zones) await handle(a, zoneChanged(userId, zone));
  })();
  const creations = Promise.all(
    ['Reading', 'Fasting', 'Service', 'Silence'].map((name) => b.get(HabitCommands).create(userId, { name, category: 'prayer' }, meta)),
  );
  await Promise.all([changes, creations]);

  const final = zones[zones.length - 1];
  expect(await zonesOf(userId)).toEqual(['Asia/Tokyo', ...zones.slice(0, 4)].map(() => final));
  // A check-in on either replica now is for today in Los Angeles (the 4th), not in Tokyo (the 5th).
  const [habitId] = (await a.get(HabitBoardProjection).read(userId)).habits.map((h) => h.id);
  for (const replica of replicas) {
    const { date } = await replica.get(HabitCommands).checkIn(userId, habitId, { completed: true }, meta);
    expect(date).toBe(localDateOf(clock.now, final));
    expect(date).toBe('2026-03-04');
  }
}, 60_000);

it('gives a habit the new zone when its creation read the old one just before a change of zone on another replica', async () => {
  const userId = uuidv7();
  const [a, b] = replicas;
  await handle(a, onboarded(userId, 'Asia/Tokyo'));
  await a.get(HabitCommands).create(userId, { name: 'Prayer', category: 'prayer' }, meta);

  // B's creation reads the member's zone (Tokyo) from the board, then waits while A handles the change of zone in
  // full (the habits on the board then are given it, the new one is not there yet), and only then appends.
  let release!: () => void;
  const changed = new Promise<void>((resolve) => (release = resolve));
  const boardOfB = b.get(HabitBoardProjection);
  const read = boardOfB.read.bind(boardOfB);
  const held = jest.spyOn(boardOfB, 'read').mockImplementationOnce(async (id) => {
    const board = await read(id);
    await changed;
    return board;
  });
  const creation = b.get(HabitCommands).create(userId, { name: 'Reading', category: 'scripture' }, meta);
  await handle(a, zoneChanged(userId, 'America/Los_Angeles'));
  release();
  const habitId = await creation;
  held.mockRestore();

  const created = (await a.get(EventStore).load(habitStreamId(habitId))).map((e) => [
    e.type,
    e.type === 'formation.habit.created' ? e.data.timeZone : null,
  ]);
  expect(created[0]).toEqual(['formation.habit.created', 'Asia/Tokyo']);
  expect(await zonesOf(userId)).toEqual(['America/Los_Angeles', 'America/Los_Angeles']);
  expect((await b.get(HabitCommands).checkIn(userId, habitId, { completed: true }, meta)).date).toBe('2026-03-04');
}, 60_000);

it('decides a check-in racing a change of zone on one zone or the other, and the next one on the new zone', async () => {
  const userId = uuidv7();
  const [a, b] = replicas;
  await handle(a, onboarded(userId, 'Asia/Tokyo'));
  const habitId = await a.get(HabitCommands).create(userId, { name: 'Prayer', category: 'prayer' }, meta);

  const [, racing] = await Promise.all([
    handle(a, zoneChanged(userId, 'America/New_York')),
    b.get(HabitCommands).checkIn(userId, habitId, { completed: true }, meta),
  ]);
  expect(['2026-03-05', '2026-03-04']).toContain(racing.date);
  // Once A answered the change (its consumer would commit the message then), B decides on it.
  const next = await b.get(HabitCommands).checkIn(userId, habitId, { completed: true, note: 'After the move' }, meta);
  expect(next.date).toBe('2026-03-04');
  const events = await a.get(EventStore).load(habitStreamId(habitId));
  expect(events.filter((e) => e.type === 'formation.habit.checked-in').at(-1)?.data).toMatchObject({
    date: '2026-03-04',
    timeZone: 'America/New_York',
  });
}, 60_000);
