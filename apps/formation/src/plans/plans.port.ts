/** What other formation features may use of plans (docs/architecture.md, "Feature boundaries"). */
export { PlanWeekQuery, type PlanThisWeek } from './plan-week.queries';
export { PlansExport } from './plans-export';
export { PlanCommands } from './commands/plan.commands';
