import { canOperate, canReview } from './roles';

describe(canReview.name, () => {
  it('returns false for roles that only look similar', () => {
    expect(canReview(['Moderator', 'administrator'])).toBe(false);
  });
});

describe(canOperate.name, () => {
  it('returns true for an admin only, never for look-alike roles', () => {
    expect(canOperate(['user', 'admin'])).toBe(true);
    expect(canOperate(['moderator'])).toBe(false);
    expect(canOperate(['Admin', 'administrator'])).toBe(false);
    expect(canOperate(undefined)).toBe(false);
  });
});
