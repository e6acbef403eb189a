/** What other features may use of sharing: the member's sharing choices (switches, list, words) shown where they join or manage memberships. */
export { MembershipSharingSwitch } from './MembershipSharingSwitch';
export { MySharingWith } from './MySharingWith';
export { sharingNoteText } from './sharing-note';
export { NO_MEMBERSHIPS_YET, sharingHelp, sharingLabel } from './sharing-words';
export { useSharingChurchMutation, useSharingGroupMutation, useSharingMineQuery } from './sharingApi';
