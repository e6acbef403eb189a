// Formation's read models written by two replicas at once: the app's connection is one replica, a second connection
// to the same databases the other. Each read model is emptied for one member, then fed that member's events through
// both replicas concurrently in a shuffled order (or a later event before the earlier ones), and must end as the
// app built it one event at a time.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EventStore, type Projection, type StoredEvent } from '@abide/event-store';
import { connectTestDatabase } from '@abide/messaging/src/testing/test-engines';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';
import { habitStreamId, HabitCommands } from '../src/habits/commands/habit.commands';
import type { HabitBoard } from '../src/habits/domain/habit-board';
import { HabitBoardProjection } from '../src/habits/projections/habit-board.projection';
import type { JournalList } from '../src/journal/domain/journal-list';
import { JournalCommands } from '../src/journal/commands/journal.commands';
import { JOURNAL_STORE, journalFactStreamId, journalStreamId } from '../src/journal/journal-store';
import { JournalTexts } from '../src/journal/journal-texts';
import { JournalListProjection } from '../src/journal/projections/journal-list.projection';
import { JournalPromptsService } from '../src/journal/prompts/journal-prompts.service';
import { memberStreamId } from '../src/members/commands/member-stream.commands';
import { IdentityEvents } from '../src/members/identity-events';
import { PlanCommands } from '../src/plans/commands/plan.commands';
import { type ActivityCalendar, activityLists } from '../src/stats/domain/activity-calendar';
import { ActivityCalendarProjection } from '../src/stats/projections/activity-calendar.projection';
import { HabitProjection } from '../src/habits/projections/habit.projection';
import { JournalEntryProjection } from '../src/journal/projections/journal-entry.projection';
import { MemberProjection } from '../src/members/projections/member.projection';
import { toSpiritualPlan } from '../src/plans/plan-view';
import { CurrentPlanProjection } from '../src/plans/projections/current-plan.projection';
import { PlanProjection, planStreamId } from '../src/plans/projections/plan.projection';
import type { PlanView } from '../src/plans/projections/plan.schema';
import { ProfileCommands, profileStreamId } from '../src/profiles/commands/profile.commands';
import { ProfileProjection } from '../src/profiles/projections/profile.projection';
import { identityEvent, startFormation } from './formation-app.stub';

const clock = { now: new Date('2026-03-04T15:00:00Z') }; // a Wednesday
const meta = { correlationId: 'replicas' };
let app: NestFastifyApplication;
let db: Connection;
let replicaB: Connection;

beforeAll(async () => {
  app = await startFormation(clock);
  db = app.get<Connection>(MONGO_CONNECTION);
  replicaB = await connectTestDatabase(db.name);
});
afterAll(async () => {
  await replicaB.close();
  await db.dropDatabase();
  await db.useDb(`${db.name}_journal`).dropDatabase();
  await app.close();
});

const shuffled = <T>(items: readonly T[]): T[] => {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
};

/** The events of these streams that a read model handles, each stream in its order. */
const eventsOf = async (store: EventStore, streamIds: readonly string[], projection: Projection): Promise<StoredEvent[]> =>
  (await Promise.all(streamIds.map((id) => store.load(id)))).flat().filter((e) => projection.handles.includes(e.type));

/** Every event handed to one of the two replicas, all at once, in a shuffled order. */
const throughTwoReplicas = (events: readonly StoredEvent[], a: Projection, b: Projection) =>
  Promise.all(shuffled(events).map((event, i) => (i % 2 ? a : b).apply(event)));

/** Each stream's last event first, then every event again from the start: what a slow replica and a heal could do. */
const laterFirst = async (events: readonly StoredEvent[], projection: Projection) => {
  const lastOfStream = new Map(events.map((e) => [e.streamId, e]));
  for (const event of lastOfStream.values()) await projection.apply(event);
  for (const event of events) await projection.apply(event);
};

/**
 * A member of a week with something in every read model: onboarded (a plan), three habits checked in, undone, paused,
 * resumed, skipped and archived, plan activities done and undone, journal entries written, edited and removed.
 */
const busyMember = async () => {
  const userId = uuidv7();
  await (app.get(IdentityEvents).handlers['identity.user.onboarding-completed'] as (e: unknown) => Promise<void>)(
    identityEvent('identity.user.onboarding-completed', userId, {
      userId,
      name: 'Lydia',
      spiritualGoals: ['Deeper prayer life'],
      connectionPreferences: ['prayer'],
      reminderFrequency: 'daily',
      phoneNumber: null,
      timeZone: 'America/New_York',
      completedAt: clock.now.toISOString(),
    }),
  );
  const habits = app.get(HabitCommands);
  const habitIds = [];
  for (const name of ['Morning prayer', 'Psalm a day', 'Walk and pray']) {
    const habitId = await habits.create(userId, { name, category: 'prayer' }, meta);
    habitIds.push(habitId);
    for (const date of ['2026-03-02', '2026-03-03', '2026-03-04']) await habits.checkIn(userId, habitId, { completed: true, date }, meta);
  }
  await habits.checkIn(userId, habitIds[0], { completed: false, date: '2026-03-03' }, meta);
  await habits.update(userId, habitIds[1], { name: 'Two psalms a day' }, meta);
  await habits.skip(userId, habitIds[1], '2026-03-05', meta);
  // A skip taken back leaves no trace on either read model.
  await habits.skip(userId, habitIds[1], '2026-03-06', meta);
  await habits.undoSkip(userId, habitIds[1], '2026-03-06', meta);
  await habits.lifecycle(userId, habitIds[2], 'pause', meta);
  await habits.lifecycle(userId, habitIds[2], 'resume', meta);
  await habits.lifecycle(userId, habitIds[2], 'archive', meta);

  const plans = app.get(PlanCommands);
  const plan = await plans.ensureCurrent(userId, meta);
  const activities = plan?.plan.dailyActivities.flatMap((day) => day.activities.map((a) => a.id)).slice(0, 4) ?? [];
  for (const id of activities) await plans.toggleActivity(userId, id, true, meta);
  await plans.toggleActivity(userId, activities[1], false, meta);

  const profiles = app.get(ProfileCommands);
  await profiles.create({ userId, displayName: 'Lydia' }, { ...meta, causationId: 'test' });
  await profiles.rename({ userId, displayName: 'Lydia of Thyatira' }, { ...meta, causationId: 'test' });

  const journal = app.get(JournalCommands);
  const entry = { scriptureReference: null, mood: null, gratitude: null, isPrivate: true, draft: false };
  const entryIds = [];
  for (const content of ['First light', 'Quiet hour', 'Evening psalm', 'A letter I will not send']) {
    entryIds.push(await journal.create(userId, { ...entry, content }, meta));
  }
  await journal.update(userId, entryIds[1], { content: 'Quiet hour, and a long walk' }, meta);
  await journal.remove(userId, entryIds[3], meta);
  return { userId, habitIds, entryIds, planStream: plan ? planStreamId(userId, plan.weekStart) : '' };
};

let member: Awaited<ReturnType<typeof busyMember>>;
beforeAll(async () => {
  member = await busyMember();
}, 60_000);

describe('the habit board (fed by every habit of the member and the member stream)', () => {
  const streams = () => [memberStreamId(member.userId), ...member.habitIds.map(habitStreamId)];
  const replicas = () => {
    const a = app.get(HabitBoardProjection);
    return { a, b: new HabitBoardProjection(replicaB, app.get(EventStore)) };
  };

  // The board as the app built it, one command at a time (each test starts again from an empty board).
  let live: HabitBoard;
  beforeAll(async () => {
    live = await app.get(HabitBoardProjection).read(member.userId);
  });

  it('ends as the events imply when two replicas apply them at once in any order', async () => {
    const { a, b } = replicas();
    expect(live.habits.map((h) => [h.name, h.archived])).toEqual([
      ['Morning prayer', false],
      ['Two psalms a day', false],
      ['Walk and pray', true],
    ]);
    expect(live.habits[1].skipDates).toEqual(['2026-03-05']);
    expect(live.timeZone).toBe('America/New_York');
    const events = await eventsOf(app.get(EventStore), streams(), a);

    await a.purgeSubject(member.userId);
    await throughTwoReplicas(events, a, b);

    expect(await a.read(member.userId)).toEqual(live);
  }, 60_000);

  it('applies a later event only after the ones before it, read from the log', async () => {
    const { a } = replicas();
    const events = await eventsOf(app.get(EventStore), streams(), a);

    await a.purgeSubject(member.userId);
    await laterFirst(events, a);

    expect(await a.read(member.userId)).toEqual(live);
  });
});

describe("My Plan's activity calendar (fed by habits, plans and the journal's facts)", () => {
  const streams = () => [...member.habitIds.map(habitStreamId), member.planStream, ...member.entryIds.map(journalFactStreamId)];
  const replicas = () => {
    const a = app.get(ActivityCalendarProjection);
    return { a, b: new ActivityCalendarProjection(replicaB, app.get(EventStore)) };
  };

  let before: ActivityCalendar;
  beforeAll(async () => {
    before = await app.get(ActivityCalendarProjection).read(member.userId);
  });

  it('ends as the events imply when two replicas apply them at once in any order', async () => {
    const { a, b } = replicas();
    const live = activityLists(before);
    expect(live).toEqual({
      habitCheckIns: ['2026-03-02', '2026-03-03', '2026-03-04'],
      planActivities: expect.any(Array),
      journalEntries: ['2026-03-04'],
    });
    expect(live.planActivities).toEqual(['2026-03-04']);
    const events = await eventsOf(app.get(EventStore), streams(), a);

    await a.purgeSubject(member.userId);
    await throughTwoReplicas(events, a, b);

    expect(await a.read(member.userId)).toEqual(before);
  }, 60_000);

  it('applies a later event only after the ones before it, read from the log', async () => {
    const { a } = replicas();
    const events = await eventsOf(app.get(EventStore), streams(), a);

    await a.purgeSubject(member.userId);
    await laterFirst(events, a);

    expect(await a.read(member.userId)).toEqual(before);
  });
});

describe("My Plan's current plan (fed by every plan week of the member and the member stream)", () => {
  // A member of two weeks: the first checked off, regenerated (keeping what was done), the second begun after the rollover.
  let userId: string;
  let weeks: string[];
  let regenerated: { current: PlanView | null; week: PlanView | null };
  let live: Awaited<ReturnType<CurrentPlanProjection['currentOf']>>;
  const weekDocument = (weekStart: string) =>
    db.collection<PlanView>('plans').findOne({ _id: planStreamId(userId, weekStart) }) as Promise<PlanView | null>;
  const streams = () => [memberStreamId(userId), ...weeks.map((w) => planStreamId(userId, w))];
  const replicas = () => ({ a: app.get(CurrentPlanProjection), b: new CurrentPlanProjection(replicaB, app.get(EventStore)) });

  beforeAll(async () => {
    userId = uuidv7();
    await (app.get(IdentityEvents).handlers['identity.user.onboarding-completed'] as (e: unknown) => Promise<void>)(
      identityEvent('identity.user.onboarding-completed', userId, {
        userId,
        name: 'Priscilla',
        spiritualGoals: ['Deeper prayer life'],
        connectionPreferences: ['prayer'],
        reminderFrequency: 'daily',
        phoneNumber: null,
        timeZone: 'Asia/Tokyo',
        completedAt: clock.now.toISOString(),
      }),
    );
    const plans = app.get(PlanCommands);
    const first = await plans.ensureCurrent(userId, meta);
    const ids = first?.plan.dailyActivities.flatMap((day) => day.activities.map((a) => a.id)) ?? [];
    for (const id of ids.slice(0, 2)) await plans.toggleActivity(userId, id, true, meta);
    await plans.toggleActivity(userId, ids[1], false, meta);
    await plans.generate(userId, { reason: 'regenerate', meta });
    regenerated = {
      current: (await app.get(CurrentPlanProjection).currentOf(userId)).plan,
      week: await weekDocument(first?.weekStart ?? ''),
    };
    const before = clock.now;
    clock.now = new Date('2026-03-10T03:00:00Z'); // Tuesday in Tokyo, the next week
    try {
      const second = await plans.ensureCurrent(userId, meta);
      await plans.toggleActivity(userId, second?.plan.dailyActivities[2].activities[0].id ?? '', true, meta);
      weeks = [first?.weekStart ?? '', second?.weekStart ?? ''];
    } finally {
      clock.now = before;
    }
    live = await app.get(CurrentPlanProjection).currentOf(userId);
  }, 60_000);

  it("answers what the week's own document answers, 'Undo' of a regeneration included", async () => {
    expect(regenerated.current?.undo).toEqual({ replacedTheme: expect.any(String) });
    expect(regenerated.current?.completed).toHaveLength(1);
    expect(toSpiritualPlan(regenerated.current!)).toEqual(toSpiritualPlan(regenerated.week!));
    expect(weeks).toEqual(['2026-03-01', '2026-03-08']);
    expect(live.timeZone).toBe('Asia/Tokyo');
    expect(live.plan?.weekStart).toBe('2026-03-08');
    expect(live.plan?.completed).toHaveLength(1);
    expect(toSpiritualPlan(live.plan!)).toEqual(toSpiritualPlan((await weekDocument('2026-03-08'))!));
  });

  it('ends on the latest week, as the events imply, when two replicas apply them at once in any order', async () => {
    const { a, b } = replicas();
    const events = await eventsOf(app.get(EventStore), streams(), a);
    expect(events.map((e) => e.streamId)).toContain(planStreamId(userId, '2026-03-01'));

    // Several shuffles: the older week's events reaching a replica after the newer week's are likely in a few.
    for (let round = 0; round < 3; round++) {
      await a.purgeSubject(userId);
      await throughTwoReplicas(events, a, b);

      expect(await a.currentOf(userId)).toEqual(live);
    }
  }, 60_000);

  it('applies a later event only after the ones before it, read from the log', async () => {
    const { a } = replicas();
    const events = await eventsOf(app.get(EventStore), streams(), a);

    await a.purgeSubject(userId);
    await laterFirst(events, a);

    expect(await a.currentOf(userId)).toEqual(live);
  });
});

/** Each stream's last event alone (the ones before it are read from the log), then the earlier ones arriving late. */
const laterThenEarlier = async (events: readonly StoredEvent[], projection: Projection) => {
  const last = [...new Map(events.map((e) => [e.streamId, e])).values()];
  for (const event of last) await projection.apply(event);
  for (const event of events.filter((e) => !last.includes(e))) await projection.apply(event);
};

describe("what the nudges' scan sees the member did (their activity calendar)", () => {
  const streams = () => [...member.habitIds.map(habitStreamId), member.planStream, ...member.entryIds.map(journalFactStreamId)];
  const replicas = () => ({ a: app.get(ActivityCalendarProjection), b: new ActivityCalendarProjection(replicaB, app.get(EventStore)) });
  const seen = async (projection: ActivityCalendarProjection) =>
    (await projection.between([member.userId], '2026-03-01', '2026-03-07')).sort((x, y) =>
      `${x.date}${x.ref}`.localeCompare(`${y.date}${y.ref}`),
    );

  let live: Awaited<ReturnType<typeof seen>>;
  beforeAll(async () => {
    live = await seen(app.get(ActivityCalendarProjection));
  });

  it('sees every check-in but the one undone, the activities still done and the entries still there', () => {
    const of = (source: string) => live.filter((a) => a.source === source);
    expect(of('habit')).toHaveLength(8);
    expect(of('habit')).not.toContainEqual(expect.objectContaining({ ref: member.habitIds[0], date: '2026-03-03' }));
    expect(of('plan')).toHaveLength(3);
    expect(
      of('journal')
        .map((a) => a.ref)
        .sort(),
    ).toEqual(member.entryIds.slice(0, 3).sort());
  });

  it('ends as the events imply when two replicas apply them at once in any order', async () => {
    const { a, b } = replicas();
    const events = await eventsOf(app.get(EventStore), streams(), a);

    // Several shuffles: an undo reaching one replica before its check-in reaches the other is likely in a few.
    for (let round = 0; round < 5; round++) {
      await a.purgeSubject(member.userId);
      await throughTwoReplicas(events, a, b);

      expect(await seen(a)).toEqual(live);
    }
  }, 60_000);

  it('never brings back what a later event undid when that event comes first', async () => {
    const { a } = replicas();
    const events = await eventsOf(app.get(EventStore), streams(), a);

    await a.purgeSubject(member.userId);
    await laterThenEarlier(events, a);

    expect(await seen(a)).toEqual(live);
  });
});

describe('the journal list (fed by every entry of the member, in the private log)', () => {
  const streams = () => member.entryIds.map(journalStreamId);
  const replicas = () => {
    const a = app.get(JournalListProjection);
    const b = new JournalListProjection(replicaB.useDb(`${db.name}_journal`), app.get<EventStore>(JOURNAL_STORE), app.get(JournalTexts));
    return { a, b };
  };

  let live: JournalList;
  beforeAll(async () => {
    live = await app.get(JournalListProjection).read(member.userId);
  });

  it('ends as the events imply when two replicas apply them at once in any order', async () => {
    const { a, b } = replicas();
    expect(live.entries.map((e) => e.content)).toEqual(['Evening psalm', 'Quiet hour, and a long walk', 'First light']);
    const events = await eventsOf(app.get<EventStore>(JOURNAL_STORE), streams(), a);

    await a.purgeSubject(member.userId);
    await throughTwoReplicas(events, a, b);

    expect(await a.read(member.userId)).toEqual(live);
  }, 60_000);

  it('applies a later event only after the ones before it, read from the log', async () => {
    const { a } = replicas();
    const events = await eventsOf(app.get<EventStore>(JOURNAL_STORE), streams(), a);

    await a.purgeSubject(member.userId);
    await laterFirst(events, a);

    expect(await a.read(member.userId)).toEqual(live);
  });
});

describe("the journal prompts a member was shown (so 'Generate New Prompt' skips the last ten)", () => {
  const shown = async (userId: string): Promise<string[]> => {
    const row = await db
      .useDb(`${db.name}_journal`)
      .collection('journal_prompt_history')
      .findOne({ _id: userId as never });
    return row?.state ? (JSON.parse(row.state as string) as string[]) : [];
  };

  it("remembers both when today's prompt and a new one are asked of two instances at the same moment", async () => {
    const a = app.get(JournalPromptsService);
    const b = new JournalPromptsService(replicaB.useDb(`${db.name}_journal`), app.get(MemberProjection), () => clock.now);
    for (let round = 0; round < 3; round++) {
      const userId = uuidv7();
      const [today, fresh] = await Promise.all([a.prompt(userId, { fresh: false }), b.prompt(userId, { fresh: true })]);
      expect(fresh.prompt).not.toBe(today.prompt);
      expect(await shown(userId)).toHaveLength(2);
    }
  });
});

/**
 * Read models whose documents follow one stream each (a plan, a member, a profile, a habit, a journal entry) or one
 * day of one (a habit's check-in of a day): their documents as the app wrote them, removed, then written again.
 */
describe('documents that follow one stream', () => {
  interface Case {
    name: string;
    database: () => Connection;
    collection: string;
    filter: () => Record<string, unknown>;
    streams: () => string[];
    store: () => EventStore;
    replicas: () => [Projection, Projection];
    /** What the app wrote must show what the member did (the comparison alone would accept an empty model). */
    expected: (docs: Array<Record<string, unknown>>) => void;
  }
  const journalDb = () => db.useDb(`${db.name}_journal`);
  let b: {
    plans: PlanProjection;
    members: MemberProjection;
    profiles: ProfileProjection;
    habits: HabitProjection;
    journal: JournalEntryProjection;
  };
  beforeAll(() => {
    const log = app.get(EventStore);
    b = {
      plans: new PlanProjection(replicaB, log),
      members: new MemberProjection(replicaB, log),
      profiles: new ProfileProjection(replicaB, log),
      habits: new HabitProjection(replicaB, log),
      journal: new JournalEntryProjection(replicaB.useDb(`${db.name}_journal`), app.get<EventStore>(JOURNAL_STORE), app.get(JournalTexts)),
    };
  });
  const service = () => app.get(EventStore);
  const cases: Case[] = [
    {
      name: 'a week plan (activities done and undone)',
      database: () => db,
      collection: 'plans',
      filter: () => ({ _id: member.planStream }),
      streams: () => [member.planStream],
      store: service,
      replicas: () => [app.get(PlanProjection), b.plans],
      expected: ([plan]) => expect(plan.completed).toHaveLength(3),
    },
    {
      name: "the member's latest plan week (what the rollover scans)",
      database: () => db,
      collection: 'plan_members',
      filter: () => ({ _id: member.userId }),
      streams: () => [member.planStream],
      store: service,
      replicas: () => [app.get(PlanProjection), b.plans],
      expected: ([row]) => expect(member.planStream).toBe(planStreamId(member.userId, row.latestWeekStart as string)),
    },
    {
      name: 'the member',
      database: () => db,
      collection: 'members',
      filter: () => ({ _id: member.userId }),
      streams: () => [memberStreamId(member.userId)],
      store: service,
      replicas: () => [app.get(MemberProjection), b.members],
      expected: ([view]) => expect(view).toMatchObject({ onboarded: true, timeZone: 'America/New_York' }),
    },
    {
      name: 'the profile',
      database: () => db,
      collection: 'profiles',
      filter: () => ({ _id: member.userId }),
      streams: () => [profileStreamId(member.userId)],
      store: service,
      replicas: () => [app.get(ProfileProjection), b.profiles],
      expected: ([view]) => expect(view).toMatchObject({ displayName: 'Lydia of Thyatira', version: 2 }),
    },
    {
      name: 'the habits (edited, skipped, a skip undone, paused, resumed, archived)',
      database: () => db,
      collection: 'habits',
      filter: () => ({ userId: member.userId }),
      streams: () => member.habitIds.map(habitStreamId),
      store: service,
      replicas: () => [app.get(HabitProjection), b.habits],
      expected: (views) =>
        expect(views.map((v) => [v.name, v.archived, v.skipDates])).toEqual(
          expect.arrayContaining([
            ['Two psalms a day', false, ['2026-03-05']],
            ['Walk and pray', true, []],
          ]),
        ),
    },
    {
      name: 'the journal entries (one edited, one removed)',
      database: journalDb,
      collection: 'journal_entries',
      filter: () => ({ userId: member.userId }),
      streams: () => member.entryIds.map(journalStreamId),
      store: () => app.get<EventStore>(JOURNAL_STORE),
      replicas: () => [app.get(JournalEntryProjection), b.journal],
      expected: (entries) => expect(entries.map((e) => e.removed).sort()).toEqual([false, false, false, true]),
    },
  ];

  const documents = (c: Case) =>
    c.database().collection(c.collection).find(c.filter()).sort({ _id: 1 }).toArray() as Promise<Array<Record<string, unknown>>>;

  describe.each(cases)('$name', (c) => {
    let live: Array<Record<string, unknown>>;
    beforeAll(async () => {
      live = await documents(c);
    });

    it('ends as the events imply when two replicas apply them at once in any order', async () => {
      c.expected(live);
      const [a, other] = c.replicas();
      const events = await eventsOf(c.store(), c.streams(), a);
      await c.database().collection(c.collection).deleteMany(c.filter());

      await throughTwoReplicas(events, a, other);

      expect(await documents(c)).toEqual(live);
    }, 60_000);

    it('applies a later event only after the ones before it', async () => {
      const [a] = c.replicas();
      const events = await eventsOf(c.store(), c.streams(), a);
      await c.database().collection(c.collection).deleteMany(c.filter());

      await laterFirst(events, a);

      expect(await documents(c)).toEqual(live);
    });
  });
});
