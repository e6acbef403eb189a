import { useSettingsGetQuery } from './settingsApi';

/** What joining a group or church means for the member's progress, in the words of the join toast (#26). */
export const sharingNoteText = (shares: boolean | undefined): string | undefined =>
  shares === undefined
    ? undefined
    : shares
      ? 'Its leaders can see your progress counts, never your journal. You can stop sharing in Settings, under Privacy.'
      : 'Your progress stays private: its leaders see it only if you turn on sharing in Settings, under Privacy.';

/** The sharing note for the signed-in member (none until their settings are known, or without a session). */
export function useSharingNote(skip = false): string | undefined {
  const settings = useSettingsGetQuery(undefined, { skip });
  return sharingNoteText(settings.data?.shareProgressWithGroups);
}
