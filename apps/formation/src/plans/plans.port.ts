import type { LocalDate } from '@abide/calendar';
import type { SpiritualPlan } from '@abide/contracts';
import type { PlanReason } from './commands/plan.commands';
import type { PlanThisWeek } from './plan-week.queries';
import type { PlanView } from './projections/plan.schema';

/** What other formation features may use of plans (docs/structure.md, "Ports"). */
export type { PlanThisWeek };

type Meta = { correlationId: string; causationId?: string | null };

/** The member's plan this week, as My Plan's figures count it. */
export abstract class PlanWeekQuery {
  abstract thisWeek(userId: string): Promise<PlanThisWeek | null>;
}

/** A member's plans, for "Download my data". */
export abstract class PlansExportQuery {
  abstract forUser(userId: string): Promise<{ plans: SpiritualPlan[] }>;
}

/** The plan commands the load suite's history seeder writes (src/bench). */
export abstract class PlanSeeding {
  abstract generate(userId: string, options: { reason: PlanReason; now?: Date; weekStart?: LocalDate; meta: Meta }): Promise<string | null>;
  abstract ensureCurrent(userId: string, meta: Meta): Promise<PlanView | null>;
  abstract toggleActivity(userId: string, activityId: string, completed: boolean, meta: Meta): Promise<PlanView>;
}
