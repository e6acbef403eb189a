/** The plain words of the sharing choices (#26), one place for the switches, the join dialog and onboarding. */
export type MembershipKind = 'group' | 'church';

export const sharingLabel = (kind: MembershipKind, name: string): string =>
  kind === 'group' ? `Share my progress with ${name}` : `Share my progress with ${name} (church)`;

export const sharingSavedText = (kind: MembershipKind, name: string, shares: boolean): string =>
  shares
    ? `${kind === 'group' ? 'The leaders' : 'The pastors and admins'} of ${name} can now see your progress.`
    : `Your progress is now private from ${name}.`;

/** What onboarding and Settings say to a member who belongs to no group or church yet. */
export const NO_MEMBERSHIPS_YET =
  'You are not in a group or church yet. When you join one, we will ask whether its leaders may see your progress.';

/** What sharing with a group or church shows, and to whom (the group's card names a sharing member's latest activity). */
export const sharingHelp = (kind: MembershipKind): string =>
  kind === 'group'
    ? 'Its leaders would see your check-ins, finished plan activities and journaling days as counts, and its members your latest activity. Never what you write.'
    : 'Its pastors and admins would see your check-ins, finished plan activities and journaling days as counts. Never what you write.';
