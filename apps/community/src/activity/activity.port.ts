/**
 * What other community features may use of members' activity (docs/structure.md): the people and their dated facts
 * as community keeps them, and the pure figures computed from them. Re-exports only: the facts are activity's own.
 */
export { MemberActivityStore, type NewFact, type PersonView } from './projections/member-activity.store';
export { peopleDocuments } from './projections/people';
export { type Person, sharesProgress } from './domain/person';
export { weeklyProgress, weekStreak } from './domain/group-figures';
export {
  anyDoneSince,
  countFacts,
  type DoneFact,
  emptyActivity,
  type FactKind,
  factsSince,
  habitsOf,
  isActive,
  latestDone,
  type MemberActivity,
  setFact,
} from './domain/member-activity';
