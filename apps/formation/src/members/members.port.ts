/**
 * What other formation features may use of members (docs/architecture.md, "Feature boundaries"): the one member
 * read model, the member changes they may ask for, and the lifecycle they may listen to.
 */
export { MemberProjection, type Member } from './projections/member.projection';
export { MemberCommands } from './commands/member-commands';
export { MemberLifecycle, type CommandMeta, type MemberLifecycleListener } from './member-lifecycle';
