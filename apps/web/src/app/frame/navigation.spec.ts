import { bottomBarItems, navItemsFor } from './navigation';

const labels = (items: Array<{ label: string }>) => items.map((item) => item.label);

describe(navItemsFor.name, () => {
  it('returns the seven links in order for a member', () => {
    expect(labels(navItemsFor(['user']))).toEqual(['Home', 'My Plan', 'Habits', 'Journal', 'Library', 'Upload', 'Groups']);
  });

  it('returns the Review Queue last when the user is a moderator', () => {
    const sut = navItemsFor(['user', 'moderator']);
    expect(sut).toHaveLength(8);
    expect(sut[7]).toEqual({ label: 'Review Queue', to: '/moderation', icon: 'review' });
  });

  it('returns the Review Queue, then Operations, for an admin', () => {
    const sut = navItemsFor(['user', 'admin']);
    expect(sut.slice(7)).toEqual([
      { label: 'Review Queue', to: '/moderation', icon: 'review' },
      { label: 'Operations', to: '/ops', icon: 'ops' },
    ]);
  });

  it('returns no Operations for a moderator', () => {
    expect(labels(navItemsFor(['user', 'moderator']))).not.toContain('Operations');
  });

  it('returns no Review Queue when the roles are unknown', () => {
    expect(labels(navItemsFor(undefined))).not.toContain('Review Queue');
  });
});

describe(bottomBarItems.name, () => {
  it('returns the first five links', () => {
    expect(labels(bottomBarItems())).toEqual(['Home', 'My Plan', 'Habits', 'Journal', 'Library']);
  });
});
