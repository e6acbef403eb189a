import type { FormationStats, Habit, HabitEntry, ProblemDetails } from '@abide/contracts';
import { call, UserSession } from '@abide/testing';

// New members live in UTC until they choose a zone, so 'today' is the UTC date here.
const day = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const prayer = { name: 'Morning prayer', description: 'Before breakfast', category: 'prayer', frequency: 'daily', reminderTime: '07:00' };

describe('habits', () => {
  it('creates a habit with its fields, and lists it with real figures', async () => {
    const sut = await UserSession.signUp();

    const res = await sut.post<Habit>('/api/habits', { ...prayer, category: 'bible-study', frequency: 'weekly' });

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Morning prayer',
      category: 'bible-study',
      frequency: { kind: 'weekly' },
      reminderTime: '07:00',
    });
    expect(res.body).toMatchObject({
      isActive: true,
      archived: false,
      streak: 0,
      longestStreak: 0,
      streakUnit: 'weeks',
      completedOnDate: false,
    });
    const list = await sut.get<Habit[]>('/api/habits');
    expect(list.body.map((h) => h.id)).toEqual([res.body.id]);
  });

  it('answers each day as its last check-in left it, in the day’s check-ins and in the export: a note, a time, an undo', async () => {
    const sut = await UserSession.signUp();
    const habit = (await sut.post<Habit>('/api/habits', prayer)).body;
    await sut.post(`/api/habits/${habit.id}/toggle`, { completed: true, date: day(-1), note: 'Psalm 23' });
    await sut.post(`/api/habits/${habit.id}/toggle`, { completed: true });
    await sut.post(`/api/habits/${habit.id}/toggle`, { completed: false });

    const exported = (await sut.get<{ formation: { habitEntries: HabitEntry[] } }>('/api/account/export')).body.formation.habitEntries;
    expect(exported).toEqual([
      {
        id: `${habit.id}:${day(-1)}`,
        habitId: habit.id,
        date: day(-1),
        completed: true,
        completedAt: expect.any(String),
        note: 'Psalm 23',
      },
      { id: `${habit.id}:${day()}`, habitId: habit.id, date: day(), completed: false, completedAt: null, note: null },
    ]);
    expect(Date.now() - Date.parse(exported[0].completedAt ?? '')).toBeLessThan(60_000);
    expect((await sut.get<HabitEntry[]>(`/api/habit-entries?date=${day(-1)}`)).body).toEqual([exported[0]]);
    expect((await sut.get<HabitEntry[]>('/api/habit-entries')).body).toEqual([exported[1]]);
  });

  it('lists each missing field with its message', async () => {
    const sut = await UserSession.signUp();

    const res = await sut.post<ProblemDetails>('/api/habits', { name: '  ', category: 'Bible Study', reminderTime: '7am' });

    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Please enter a habit name' },
        { field: 'category', message: 'Please choose a category' },
        { field: 'reminderTime', message: expect.any(String) },
      ]),
    );
  });

  it('checks in today by default, and toggling again undoes it', async () => {
    const sut = await UserSession.signUp();
    const habit = (await sut.post<Habit>('/api/habits', prayer)).body;

    const done = await sut.post<{ entry: HabitEntry; habit: Habit }>(`/api/habits/${habit.id}/toggle`, {
      completed: true,
      note: 'Psalm 23',
    });
    expect(done.status).toBe(200);
    expect(done.body.entry).toMatchObject({ habitId: habit.id, date: day(), completed: true, note: 'Psalm 23' });
    expect(done.body.habit).toMatchObject({ streak: 1, longestStreak: 1, completedOnDate: true });

    const undone = await sut.post<{ entry: HabitEntry; habit: Habit }>(`/api/habits/${habit.id}/toggle`, { completed: false });
    expect(undone.body.entry).toMatchObject({ completed: false, completedAt: null });
    expect(undone.body.habit).toMatchObject({ streak: 0, completedOnDate: false });
  });

  it('counts a streak over back-dated check-ins, refusing 8 days back and the future', async () => {
    const sut = await UserSession.signUp();
    const habit = (await sut.post<Habit>('/api/habits', prayer)).body;

    for (const date of [day(-2), day(-1), day()]) {
      expect((await sut.post(`/api/habits/${habit.id}/toggle`, { completed: true, date })).status).toBe(200);
    }
    const tooOld = await sut.post<ProblemDetails>(`/api/habits/${habit.id}/toggle`, { completed: true, date: day(-8) });
    const future = await sut.post<ProblemDetails>(`/api/habits/${habit.id}/toggle`, { completed: true, date: day(1) });

    expect(tooOld.status).toBe(400);
    expect(tooOld.body.detail).toBe('You can only check in for the last 7 days.');
    expect(future.status).toBe(400);
    expect(future.body.detail).toBe('You cannot check in for a future date.');
    const [listed] = (await sut.get<Habit[]>('/api/habits')).body;
    expect(listed).toMatchObject({ streak: 3, longestStreak: 3, completedOnDate: true });
    expect(listed.consistency).toBeGreaterThan(0);
    const stats = (await sut.get<FormationStats>('/api/stats/overview')).body;
    expect(stats.habits).toMatchObject({ totalStreak: 3, completedToday: 1, activeHabits: 1 });
    expect(stats).toMatchObject({ currentStreak: 3, totalDays: 3 });
  });

  it('records and lists entries of a date', async () => {
    const sut = await UserSession.signUp();
    const habit = (await sut.post<Habit>('/api/habits', prayer)).body;

    const res = await sut.post<HabitEntry>('/api/habit-entries', {
      habitId: habit.id,
      completed: true,
      date: day(-1),
      completedAt: new Date().toISOString(),
    });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ habitId: habit.id, completed: true, date: day(-1) });
    expect((await sut.get<HabitEntry[]>(`/api/habit-entries?date=${day(-1)}`)).body).toEqual([res.body]);
    expect((await sut.get<HabitEntry[]>(`/api/habit-entries?date=${day()}`)).body).toEqual([]);
    expect((await sut.get<ProblemDetails>('/api/habit-entries?date=yesterday')).status).toBe(400);
    expect((await sut.get<Habit[]>(`/api/habits?date=${day(-1)}`)).body[0].completedOnDate).toBe(true);
  });

  it('edits, pauses, resumes and archives', async () => {
    const sut = await UserSession.signUp();
    const habit = (await sut.post<Habit>('/api/habits', prayer)).body;

    const edited = await sut.patch<Habit>(`/api/habits/${habit.id}`, {
      name: 'Evening prayer',
      frequency: { kind: 'weekdays', days: [1, 3, 5] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      name: 'Evening prayer',
      frequency: { kind: 'weekdays', days: [1, 3, 5] },
      reminderTime: '07:00',
      category: 'prayer',
    });
    expect((await sut.post<Habit>(`/api/habits/${habit.id}/pause`)).body.isActive).toBe(false);
    expect((await sut.get<Habit[]>('/api/habits')).body[0].isActive).toBe(false);
    expect((await sut.get<FormationStats>('/api/stats/overview')).body.habits.activeHabits).toBe(0);
    expect((await sut.post<Habit>(`/api/habits/${habit.id}/resume`)).body.isActive).toBe(true);
    expect((await sut.post<Habit>(`/api/habits/${habit.id}/archive`)).body.archived).toBe(true);
    expect((await sut.get<Habit[]>('/api/habits')).body).toEqual([]);
    const frozen = await sut.post<ProblemDetails>(`/api/habits/${habit.id}/toggle`, { completed: true });
    expect(frozen.status).toBe(409);
    expect(frozen.body.detail).toBe('This habit is archived; it can no longer change.');
  });

  it('shows analytics: a 12-week heat map per habit and a weekly trend', async () => {
    const sut = await UserSession.signUp();
    const habit = (await sut.post<Habit>('/api/habits', prayer)).body;
    await sut.post(`/api/habits/${habit.id}/toggle`, { completed: true });

    const res = await sut.get<{
      habits: Array<{ habitId: string; heatMap: Array<{ date: string; done: boolean }> }>;
      weeklyTrend: unknown[];
    }>('/api/habits/analytics');

    expect(res.status).toBe(200);
    expect(res.body.habits[0].habitId).toBe(habit.id);
    expect(res.body.habits[0].heatMap).toHaveLength(84);
    expect(res.body.habits[0].heatMap.find((d) => d.date === day())?.done).toBe(true);
    expect(res.body.weeklyTrend).toHaveLength(12);
  });

  it('counts a missed day again once its weekday becomes a rest day', async () => {
    const sut = await UserSession.signUp();
    const habit = (await sut.post<Habit>('/api/habits', prayer)).body;
    for (const date of [day(-4), day(-3), day(-1)]) {
      expect((await sut.post(`/api/habits/${habit.id}/toggle`, { completed: true, date })).status).toBe(200);
    }
    expect((await sut.get<Habit[]>('/api/habits')).body[0]).toMatchObject({ streak: 1, longestStreak: 2 });

    const missedWeekday = new Date(`${day(-2)}T00:00:00Z`).getUTCDay();
    expect((await sut.put('/api/habits/rest-days', { weekdays: [missedWeekday] })).status).toBe(200);

    expect((await sut.get<Habit[]>('/api/habits')).body[0]).toMatchObject({ streak: 3, longestStreak: 3 });
    expect((await sut.get<FormationStats>('/api/stats/overview')).body.habits.totalStreak).toBe(3);
  });

  it('keeps rest days and planned skips', async () => {
    const sut = await UserSession.signUp();
    const habit = (await sut.post<Habit>('/api/habits', prayer)).body;

    expect((await sut.put<{ weekdays: number[] }>('/api/habits/rest-days', { weekdays: [6, 0, 6] })).body).toEqual({ weekdays: [0, 6] });
    expect((await sut.get<{ weekdays: number[] }>('/api/habits/rest-days')).body).toEqual({ weekdays: [0, 6] });
    expect((await sut.put<ProblemDetails>('/api/habits/rest-days', { weekdays: [7] })).status).toBe(400);
    expect((await sut.post(`/api/habits/${habit.id}/skip`, { date: day(2) })).status).toBe(200);
    const past = await sut.post<ProblemDetails>(`/api/habits/${habit.id}/skip`, { date: day(-1) });
    expect(past.status).toBe(400);
    expect(past.body.detail).toBe('A skip day is planned ahead: choose today or a later date.');
  });

  it('keeps a skip of today as a skip everywhere, and undoes it on the server', async () => {
    type Analytics = {
      habits: Array<{ habitId: string; heatMap: Array<{ date: string; status: string }>; summary: { done: number; scheduled: number } }>;
      weeklyTrend: Array<{ weekStart: string; done: number; scheduled: number; percent: number }>;
    };
    const sut = await UserSession.signUp();
    const examen = (await sut.post<Habit>('/api/habits', { ...prayer, name: 'Evening examen' })).body;
    const psalm = (await sut.post<Habit>('/api/habits', { ...prayer, name: 'Read a Psalm' })).body;
    await sut.post(`/api/habits/${psalm.id}/toggle`, { completed: true });
    const habits = async () => (await sut.get<FormationStats>('/api/stats/overview')).body.habits;

    // Day one, one of two done: half, never 100 %.
    expect(await habits()).toMatchObject({ completedToday: 1, dueToday: 2, thisWeekPercent: 50 });

    const skipped = await sut.post<Habit>(`/api/habits/${examen.id}/skip`, { date: day() });
    expect(skipped.status).toBe(200);
    expect(skipped.body).toMatchObject({ dayStatus: 'skipped', completedOnDate: false });
    expect((await sut.get<Habit[]>('/api/habits')).body.find((h) => h.id === examen.id)?.dayStatus).toBe('skipped');
    expect(await habits()).toMatchObject({ completedToday: 1, dueToday: 1, thisWeekPercent: 100 });
    const analytics = (await sut.get<Analytics>('/api/habits/analytics')).body;
    const examenMap = analytics.habits.find((h) => h.habitId === examen.id);
    expect(examenMap?.heatMap.find((d) => d.date === day())?.status).toBe('skipped');
    expect(examenMap?.summary).toMatchObject({ done: 0, scheduled: 0 });
    expect(analytics.weeklyTrend.at(-1)).toMatchObject({ done: 1, scheduled: 1, percent: 100 });

    // A day is never both: a done day refuses a skip, with a message a person understands.
    const doneDay = await sut.post<ProblemDetails>(`/api/habits/${psalm.id}/skip`, { date: day() });
    expect(doneDay.status).toBe(409);
    expect(doneDay.body.detail).toBe('This day is already checked in. Undo the check-in first if you want to skip it.');

    const undone = await sut.post<Habit>(`/api/habits/${examen.id}/skip/undo`, { date: day() });
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ dayStatus: 'due' });
    expect(await habits()).toMatchObject({ completedToday: 1, dueToday: 2, thisWeekPercent: 50 });
    const past = await sut.post<ProblemDetails>(`/api/habits/${examen.id}/skip/undo`, { date: day(-1) });
    expect(past.status).toBe(400);
    expect(past.body.detail).toBe('Only a skip of today or a later day can be undone; check in a past day instead.');
    const stranger = await UserSession.signUp();
    expect((await stranger.post(`/api/habits/${examen.id}/skip/undo`, { date: day() })).status).toBe(404);
  });

  it('never shows or changes another member’s habit: 404, as if it did not exist', async () => {
    const [mary, martha] = await Promise.all([UserSession.signUp(), UserSession.signUp()]);
    const habit = (await mary.post<Habit>('/api/habits', prayer)).body;

    expect((await martha.get(`/api/habits/${habit.id}`)).status).toBe(404);
    expect((await martha.post(`/api/habits/${habit.id}/toggle`, { completed: true })).status).toBe(404);
    expect((await martha.post('/api/habit-entries', { habitId: habit.id, completed: true, date: day() })).status).toBe(404);
    expect((await martha.patch(`/api/habits/${habit.id}`, { name: 'Mine now' })).status).toBe(404);
    for (const action of ['pause', 'resume', 'archive']) expect((await martha.post(`/api/habits/${habit.id}/${action}`)).status).toBe(404);
    expect((await martha.post(`/api/habits/${habit.id}/skip`, { date: day(1) })).status).toBe(404);
    expect((await martha.get<Habit[]>('/api/habits')).body).toEqual([]);
    expect((await mary.get<Habit[]>('/api/habits')).body[0]).toMatchObject({ name: 'Morning prayer', streak: 0 });
    expect((await call('GET', '/api/habits')).status).toBe(401);
  });

  it('reckons “today” in the member’s zone, and follows them when they change it', async () => {
    const sut = await UserSession.signUp();
    const habit = (await sut.post<Habit>('/api/habits', prayer)).body;
    const localDate = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
    type Toggled = { entry: HabitEntry; habit: Habit };

    // UTC+14, then UTC−11: 25 hours apart, so their dates always differ. The zone reaches formation from identity
    // through Kafka: check in until the date recorded is the new zone's, undoing any check-in made before that.
    for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      expect((await sut.patch('/api/settings', { timeZone })).status).toBe(200);
      let toggled = (await sut.post<Toggled>(`/api/habits/${habit.id}/toggle`, { completed: true })).body;
      for (let tries = 0; toggled.entry.date !== localDate(timeZone) && tries < 50; tries++) {
        await sut.post(`/api/habits/${habit.id}/toggle`, { completed: false, date: toggled.entry.date });
        await new Promise((resolve) => setTimeout(resolve, 200));
        toggled = (await sut.post<Toggled>(`/api/habits/${habit.id}/toggle`, { completed: true })).body;
      }
      expect(toggled.entry.date).toBe(localDate(timeZone));

      const [listed] = (await sut.get<Habit[]>('/api/habits')).body;
      expect(listed).toMatchObject({ id: habit.id, completedOnDate: true });
      const entries = (await sut.get<HabitEntry[]>('/api/habit-entries')).body;
      expect(entries.filter((e) => e.completed).map((e) => e.date)).toEqual([localDate(timeZone)]);
    }
  });
});
