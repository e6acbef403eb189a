/** What other community features may use of the account's part here (docs/structure.md): forgetting a deleted member. */
export { COMMUNITY_PERSONAL_FIELDS, MemberDeparture } from './member-departure';
