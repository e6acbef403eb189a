import { bottomBarItems, canReview, navItemsFor } from './navigation';

const labels = (items: Array<{ label: string }>) => items.map((item) => item.label);

describe(navItemsFor.name, () => {
  it('returns the seven links in order for a member', () => {
    expect(labels(navItemsFor(['user']))).toEqual(['Home', 'My Plan', 'Habits', 'Journal', 'Library', 'Upload', 'Groups']);
  });

  it('returns the Review Queue last when the user is a moderator or an admin', () => {
    for (const roles of [['user', 'moderator'], ['admin']]) {
      const sut = navItemsFor(roles);
      expect(sut).toHaveLength(8);
      expect(sut[7]).toEqual({ label: 'Review Queue', to: '/moderation', icon: 'review' });
    }
  });

  it('returns no Review Queue when the roles are unknown', () => {
    expect(labels(navItemsFor(undefined))).not.toContain('Review Queue');
  });
});

describe(canReview.name, () => {
  it('returns false for roles that only look similar', () => {
    expect(canReview(['Moderator', 'administrator'])).toBe(false);
  });
});

describe(bottomBarItems.name, () => {
  it('returns the first five links', () => {
    expect(labels(bottomBarItems())).toEqual(['Home', 'My Plan', 'Habits', 'Journal', 'Library']);
  });
});
