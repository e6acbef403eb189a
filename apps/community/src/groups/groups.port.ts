/** What other community features may use of groups (docs/structure.md). What groups ask of churches: church-admins.port.ts. */
export { GroupAccess } from './group-access.queries';
export { GroupCards } from './group-cards';
export { GroupCommands } from './commands/group.commands';
export { GroupFigures } from './group-figures.service';
export { GroupLive } from './live/group-live';
export { GroupQueries } from './group.queries';
export { GroupsOfChurches } from './groups-of-churches.queries';
export { GroupProjection } from './projections/group.projection';
export { GroupRosterProjection } from './projections/group-roster.projection';
