/** What other formation features may use of plans (docs/architecture.md, "Feature boundaries"). */
export { PlanWeekQuery, type PlanThisWeek } from './plan-week.query';
export { PlansExport } from './plans-export';
export { PlanCommands } from './commands/plan-commands';
