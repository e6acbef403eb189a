import { Injectable } from '@nestjs/common';
import type { LocalDate } from '@abide/calendar';
import { PlanCommands } from './commands/plan.commands';
import { type HabitWeek, weeklyInsight } from './domain/weekly-insight';

export interface PlanThisWeek {
  /** Activities of the week's plan done, and planned. */
  completed: number;
  total: number;
  /** "This Week's Insight" from the plan and what else the member did this week. */
  insight(week: { habits: readonly HabitWeek[]; journalDates: readonly LocalDate[]; today: LocalDate }): string;
}

/** Plans' answer to "how is this week going", for stats; null when the member has no plan for this week. */
@Injectable()
export class PlanWeekQueries {
  constructor(private readonly plans: PlanCommands) {}

  async thisWeek(userId: string): Promise<PlanThisWeek | null> {
    const current = await this.plans.currentWeek(userId);
    if (!current) return null;
    const completed = new Set(current.completed.map((c) => c.activityId));
    const activities = current.plan.dailyActivities.flatMap((d) => d.activities);
    return {
      completed: activities.filter((a) => completed.has(a.id)).length,
      total: activities.length,
      insight: (week) => weeklyInsight({ plan: current.plan, completedActivityIds: completed, ...week }),
    };
  }
}
