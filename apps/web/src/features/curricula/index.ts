/** What other features may use of curricula: the church dashboard's progress card. */
export { CurriculumProgress } from './CurriculumProgress';
