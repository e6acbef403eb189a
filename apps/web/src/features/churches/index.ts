/** What the app and other features may use of churches: the active church (its badge, theme, choice), a church's details, waiting to be a member. */
export { ChurchBadge } from './ChurchBadge';
export { chooseActiveChurch, useActiveChurch } from './active-church';
export { churchFrameStyle, churchTheme } from './church-theme';
export { useChurchesDetailQuery } from './churchesApi';
export { untilMemberOf } from './membership-arrival';
