/**
 * What other community features may use of membership's services (docs/structure.md): a member's groups and churches
 * (read by key), membership commands and queries for either kind, and the token under which groups and churches
 * provide their aggregates. The model itself is in membership-model.port.ts.
 */
export { MEMBERSHIP_AGGREGATES, type MembershipAggregate, type MembershipAggregates } from './membership-aggregates';
export { MembershipCommands } from './membership.commands';
export { MembershipQueries } from './membership.queries';
export { MemberSharing } from './member-sharing';
export { MemberChurchesProjection, MemberGroupsProjection } from './projections/member-memberships.projection';
