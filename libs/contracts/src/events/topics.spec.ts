import { messageKeyOf } from './topics';

describe('messageKeyOf', () => {
  it('keys all of a member’s habits, plans and journal by the member, so one consumer instance has them in order', () => {
    const keys = [
      { type: 'formation.habit.checked-in', streamId: 'habit-a', data: { userId: 'u1', habitId: 'a' } },
      { type: 'formation.habit.checked-in', streamId: 'habit-b', data: { userId: 'u1', habitId: 'b' } },
      { type: 'formation.plan.activity-completed', streamId: 'plan-u1-2026-11-30', data: { userId: 'u1' } },
      { type: 'formation.journal.entry-written', streamId: 'journal-e1', data: { userId: 'u1', entryId: 'e1' } },
    ].map(messageKeyOf);
    expect(new Set(keys)).toEqual(new Set(['u1']));
  });

  it('keys every other stream by itself: a group’s events name many members but stay on one partition', () => {
    expect(messageKeyOf({ type: 'community.group.member-joined', streamId: 'group-g1', data: { userId: 'u1', groupId: 'g1' } })).toBe('group-g1');
    expect(messageKeyOf({ type: 'identity.user.registered', streamId: 'user-u1', data: { userId: 'u1' } })).toBe('user-u1');
  });

  it('falls back to the stream when a member-owned event does not name its member', () => {
    expect(messageKeyOf({ type: 'formation.habit.created', streamId: 'habit-a', data: {} })).toBe('habit-a');
  });
});
