import type { EventType } from '@abide/contracts';
/**
 * What other formation features may use of members (docs/architecture.md, "Feature boundaries"): the one member
 * read model, the member changes they may ask for, and the lifecycle they may listen to.
 */
export { MemberProjection, type Member } from './projections/member.projection';
export { MemberCommands } from './commands/member.commands';
export { MemberLifecycle, type CommandMeta, type MemberLifecycleListener } from './member-lifecycle';

/** The events of formation's log that mean a member's account was deleted: rebuilt read models leave them out. */
export const MEMBER_ERASURE_EVENTS: readonly EventType[] = ['formation.member.deleted'];
