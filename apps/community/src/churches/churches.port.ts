/** What other community features may use of churches (docs/structure.md). What churches answer groups: ChurchMembership. */
export { ChurchFiguresStore } from './dashboard/church-figures.store';
export { ChurchMembership } from './church-membership';
export { ChurchQueries } from './church.queries';
