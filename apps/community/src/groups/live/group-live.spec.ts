import { groupTouchedBy } from './group-live';

const event = (type: string, data: Record<string, unknown>) => ({ type, data }) as Parameters<typeof groupTouchedBy>[0];

describe("community's live signals", () => {
  it('go to the group of a group or prayer event, and to the member it is about even when they are not in it', () => {
    expect(groupTouchedBy(event('community.group.join-requested', { groupId: 'g1', userId: 'u1', requestId: 'r' }))).toEqual({
      groupId: 'g1',
      also: ['u1'],
    });
    expect(groupTouchedBy(event('community.group.updated', { groupId: 'g1', updatedBy: 'u2' }))).toEqual({ groupId: 'g1', also: [] });
    expect(groupTouchedBy(event('community.prayer.posted', { groupId: 'g2', prayerId: 'p', userId: 'u3' }))).toEqual({
      groupId: 'g2',
      also: ['u3'],
    });
  });

  it('are not about events of other services', () => {
    expect(groupTouchedBy(event('library.resource.approved', { groupId: 'g1' }))).toBeUndefined();
  });
});
