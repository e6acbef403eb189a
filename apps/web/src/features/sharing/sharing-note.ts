/** What joining a group or church means for the member's progress, in the words of the join toast (#26): `shares` is the choice made for it. */
export const sharingNoteText = (shares: boolean | undefined): string | undefined =>
  shares === undefined
    ? undefined
    : shares
      ? 'Its leaders can see your progress counts, never your journal. You can stop sharing in Settings, under Privacy.'
      : 'Your progress stays private: its leaders see it only if you turn on sharing with it in Settings, under Privacy.';
