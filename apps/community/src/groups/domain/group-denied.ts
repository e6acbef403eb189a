/** How a group command is refused (shared/denied.ts), and in which words. */
export { denied } from '../../shared/denied';

export const deniedMessages = {
  group: 'This group',
  membersOnly: 'Only members of this group can see this.',
  leadersOnly: 'Only the group’s owner and co-leaders can do this.',
  ownerOnly: 'Only the group’s owner can do this.',
  alreadyMember: 'You are already a member of this group.',
  alreadyRequested: 'Your request to join this group is already waiting for a leader’s approval.',
  notMember: 'You are not a member of this group.',
  ownerLeaves: 'Make another member the owner before you leave this group.',
  removeSelf: 'You cannot remove yourself. Leave the group instead.',
  removeLeader: 'Only the owner can remove a co-leader.',
  removeOwner: 'The owner cannot be removed.',
  memberNotFound: 'This member',
  requestNotFound: 'This join request',
  ownerRole: 'The owner’s role changes only by handing over ownership.',
} as const;
