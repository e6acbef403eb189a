/**
 * What other library features may use of the directory (docs/architecture.md, "Feature boundaries"): who belongs to
 * which group and church and their names, and the hook for erasing a member's data when their account is deleted.
 */
export { DirectoryQueries } from './directory.queries';
export { MemberDepartures, type MemberDeparture } from './member-departures';
