/**
 * Membership's model, for the deciders and read models of groups and churches (docs/structure.md): the membership
 * facts both kinds' events state, the decisions of membership commands, and the rosters. Pure: no Nest, no database.
 */
export {
  evolveMembership,
  type MemberEntry,
  type MembershipEventType,
  membershipEventTypes,
  membershipFactOf,
  type MembershipKind,
  othersByTenure,
} from './domain/membership';
export { type MembershipCommand, membershipDecisions } from './domain/membership.decider';
export { applyMembershipToRoster, type MembershipRoster, rosterMembers, rosterRequests } from './domain/membership-roster';
export {
  churchesOf,
  groupsOf,
  type MemberChurches,
  type MemberGroups,
  membershipMarks,
  pendingChurchRequests,
  pendingGroupIds,
} from './domain/member-memberships';
