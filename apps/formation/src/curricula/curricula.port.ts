/** What other formation features may use of curricula (docs/architecture.md, "Feature boundaries"; docs/churches.md). */
export { CurriculumWeeks, type CurriculumPlanActivity, type MemberCurriculumWeek, type PlanCurriculum } from './curriculum-weeks';
export { CurriculumFollowers, type FollowListener } from './curriculum-followers';
export { CurriculaExport } from './curricula-export';
