import { Injectable } from '@nestjs/common';
import type { FormationStats } from '@abide/contracts';
import { addDays, dateRange, weekdayOf, weekStartOf } from '@abide/calendar';
import { HabitWeekQuery } from '../habits/habits.port';
import { PlanWeekQuery } from '../plans/plans.port';
import { activityStreak } from './domain/activity-streak';
import { ActivityCalendarProjection } from './projections/activity-calendar.projection';

const NO_PLAN_INSIGHT = 'Generate a plan to see an insight drawn from your week.';

/** My Plan's and the Habits page's figures, all from the member's real data in their own time zone. */
@Injectable()
export class StatsService {
  constructor(
    private readonly habits: HabitWeekQuery,
    private readonly plans: PlanWeekQuery,
    private readonly activityDays: ActivityCalendarProjection,
  ) {}

  async overview(userId: string): Promise<FormationStats> {
    const [habitWeek, planWeek, days] = await Promise.all([
      this.habits.thisWeek(userId),
      this.plans.thisWeek(userId),
      this.activityDays.listsOf(userId),
    ]);
    const { today } = habitWeek;
    const streak = activityStreak(days, today);
    const activeDays = new Set([...days.habitCheckIns, ...days.planActivities, ...days.journalEntries]);
    const weekStart = weekStartOf(today);

    return {
      today,
      weekProgress: { completed: planWeek?.completed ?? 0, total: planWeek?.total ?? 0 },
      currentStreak: streak.current,
      totalDays: streak.totalDays,
      week: dateRange(weekStart, addDays(weekStart, 6)).map((date) => ({ date, dayIndex: weekdayOf(date), active: activeDays.has(date) })),
      habits: habitWeek.cards,
      insight: planWeek ? planWeek.insight({ habits: habitWeek.habits, journalDates: days.journalEntries, today }) : NO_PLAN_INSIGHT,
    };
  }
}
