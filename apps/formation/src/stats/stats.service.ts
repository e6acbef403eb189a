import { Injectable } from '@nestjs/common';
import type { FormationStats } from '@abide/contracts';
import { thisWeekCompletion, thisWeekPercent } from '../habits/domain/completion';
import { HabitQueries } from '../habits/habit-queries';
import { PlanCommands } from '../plans/commands/plan-commands';
import { weeklyInsight } from '../plans/domain/weekly-insight';
import { activityStreak } from './domain/activity-streak';
import { addDays, dateRange, weekdayOf, weekStartOf } from '@abide/calendar';
import { ActivityCalendarProjection } from './projections/activity-calendar.projection';

const NO_PLAN_INSIGHT = 'Generate a plan to see an insight drawn from your week.';

/** My Plan's and the Habits page's figures, all from the member's real data in their own time zone. */
@Injectable()
export class StatsService {
  constructor(
    private readonly habits: HabitQueries,
    private readonly plans: PlanCommands,
    private readonly activityDays: ActivityCalendarProjection,
  ) {}

  async overview(userId: string): Promise<FormationStats> {
    const [{ habits, tracks, streaks, today }, plan, days] = await Promise.all([
      this.habits.load(userId),
      this.plans.currentWeek(userId),
      this.activityDays.listsOf(userId),
    ]);
    const streak = activityStreak(days, today);
    const activeDays = new Set([...days.habitCheckIns, ...days.planActivities, ...days.journalEntries]);
    const weekStart = weekStartOf(today);

    const active = habits
      .map((h, i) => ({ habit: h, track: tracks[i], streak: streaks[i] }))
      .filter(({ habit }) => habit.isActive && !habit.archived);
    const habitStreaks = active.map(({ streak }) => streak);

    const completed = new Set(plan?.completed.map((c) => c.activityId) ?? []);
    const total = plan ? plan.plan.dailyActivities.reduce((sum, d) => sum + d.activities.length, 0) : 0;
    const done = plan ? plan.plan.dailyActivities.reduce((sum, d) => sum + d.activities.filter((a) => completed.has(a.id)).length, 0) : 0;

    const insight = plan
      ? weeklyInsight({
          plan: plan.plan,
          completedActivityIds: completed,
          habits: active.map(({ habit, track }) => ({ name: habit.name, ...thisWeekCompletion(track, today) })),
          journalDates: days.journalEntries,
          today,
        })
      : NO_PLAN_INSIGHT;

    return {
      today,
      weekProgress: { completed: done, total },
      currentStreak: streak.current,
      totalDays: streak.totalDays,
      week: dateRange(weekStart, addDays(weekStart, 6)).map((date) => ({ date, dayIndex: weekdayOf(date), active: activeDays.has(date) })),
      habits: {
        totalStreak: habitStreaks.reduce((sum, s) => sum + s.current, 0),
        completedToday: habitStreaks.filter((s) => s.doneToday).length,
        activeHabits: active.length,
        thisWeekPercent:
          thisWeekPercent(
            active.map((a) => a.track),
            today,
          ) ?? 0,
      },
      insight,
    };
  }
}
