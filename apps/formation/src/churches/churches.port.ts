/** What other formation features may use of churches (docs/churches.md, learnt from community’s events). */
export { ChurchDirectory, type ChurchSummary } from './church-directory';
export { ChurchMembershipChanges, type MembershipChange } from './church-membership-changes';
