import { createGroupRequestSchema, updateGroupRequestSchema, type GroupSummary } from '@abide/contracts';
import { toGroupFormValues, toGroupRequest, toMeeting } from './group-form';

describe(toGroupRequest.name, () => {
  it('returns a trimmed body the API accepts, private when chosen, with the meeting', () => {
    const sut = toGroupRequest({
      name: '  Tuesday Study ',
      description: ' Romans together ',
      privacy: 'private',
      meetingDay: 'tuesday',
      meetingTime: '19:30',
      meetingLocation: ' https://meet.example.org/x ',
    });
    expect(sut).toEqual({
      name: 'Tuesday Study',
      description: 'Romans together',
      isPublic: false,
      meeting: { day: 'tuesday', time: '19:30', location: 'https://meet.example.org/x' },
    });
    expect(createGroupRequestSchema.safeParse(sut).success).toBe(true);
    expect(updateGroupRequestSchema.safeParse(sut).success).toBe(true);
  });

  it('returns no meeting when no meeting field is filled', () => {
    expect(
      toGroupRequest({ name: 'A', description: '', privacy: 'public', meetingDay: null, meetingTime: '', meetingLocation: '  ' }).meeting,
    ).toBeNull();
  });
});

describe(toMeeting.name, () => {
  it('returns HH:MM when the time input adds seconds', () => {
    expect(toMeeting({ meetingTime: '07:05:00' })).toEqual({ day: null, time: '07:05', location: null });
  });
});

describe(toGroupFormValues.name, () => {
  it('returns the settings form values of a group, round-tripping to the same request', () => {
    const group = {
      name: 'Hope',
      description: 'd',
      isPublic: true,
      meeting: { day: 'friday', time: null, location: 'Cafe' },
    } as GroupSummary;
    const sut = toGroupFormValues(group);
    expect(sut).toEqual({
      name: 'Hope',
      description: 'd',
      privacy: 'public',
      meetingDay: 'friday',
      meetingTime: '',
      meetingLocation: 'Cafe',
    });
    expect(toGroupRequest(sut)).toEqual({ name: 'Hope', description: 'd', isPublic: true, meeting: group.meeting });
  });
});
