import { errorCodes, Refusal } from '@abide/contracts';

/**
 * How a group (or prayer) command is refused: a Refusal, whose code the problem filter answers as 404, 403 or 409.
 * Not found names what was not found ("This group" becomes "This group was not found.").
 */
export const denied = {
  notFound: (what: string): Refusal => new Refusal(errorCodes.notFound, `${what} was not found.`),
  forbidden: (message: string): Refusal => new Refusal(errorCodes.forbidden, message),
  conflict: (message: string): Refusal => new Refusal(errorCodes.conflict, message),
};

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
