/**
 * The membership routes groups and churches both serve, declared once (docs/structure.md, "Community"): a controller
 * extends `MembershipRoutes(description)` with its kind's words, answers and cache tags.
 */
export { MembershipRoutes, type MembershipRoutesOf } from './membership-routes.controller';
