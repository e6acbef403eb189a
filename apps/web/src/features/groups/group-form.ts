import type { GroupSummary, Meeting } from '@abide/contracts';

/** The Create Group and Group Settings forms share these fields; the meeting parts are all optional. */
export interface GroupFormValues {
  name: string;
  description: string;
  privacy: 'public' | 'private';
  meetingDay?: Meeting['day'];
  meetingTime?: string;
  meetingLocation?: string;
  /** Create Group only: one of the churches the member administers ('' or absent: none). */
  churchId?: string;
}

export const emptyGroupForm: GroupFormValues = {
  name: '',
  description: '',
  privacy: 'public',
  meetingDay: null,
  meetingTime: '',
  meetingLocation: '',
};

/** A meeting with no day, time or place is no meeting at all (null), so the cards show nothing for it. */
export function toMeeting(values: Pick<GroupFormValues, 'meetingDay' | 'meetingTime' | 'meetingLocation'>): Meeting | null {
  const day = values.meetingDay ?? null;
  // A time input may add seconds ('19:30:00'); the API takes HH:MM.
  const time = values.meetingTime?.trim() ? values.meetingTime.trim().slice(0, 5) : null;
  const location = values.meetingLocation?.trim() ? values.meetingLocation.trim() : null;
  return day || time || location ? { day, time, location } : null;
}

export function toGroupRequest(values: GroupFormValues) {
  return {
    name: values.name.trim(),
    description: values.description?.trim() ?? '',
    isPublic: values.privacy === 'public',
    meeting: toMeeting(values),
    ...(values.churchId ? { churchId: values.churchId } : {}),
  };
}

export function toGroupFormValues(group: GroupSummary): GroupFormValues {
  return {
    name: group.name,
    description: group.description,
    privacy: group.isPublic ? 'public' : 'private',
    meetingDay: group.meeting?.day ?? null,
    meetingTime: group.meeting?.time ?? '',
    meetingLocation: group.meeting?.location ?? '',
  };
}
