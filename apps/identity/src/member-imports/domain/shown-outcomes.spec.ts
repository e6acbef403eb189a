import { shownCounts, shownOutcome } from './shown-outcomes';

describe('shown outcomes', () => {
  it('reports a new person and an account holder both as invited, so an import tells no one who has an account', () => {
    expect(shownOutcome('created')).toBe('invited');
    expect(shownOutcome('invited')).toBe('invited');
    expect(shownOutcome('already-member')).toBe('already-member');
  });

  it('counts new people and account holders together as invited', () => {
    const sut = shownCounts({ created: 3, invited: 2, alreadyMember: 1, alreadyInvited: 4, refused: 5 });

    expect(sut).toEqual({ invited: 5, alreadyMember: 1, alreadyInvited: 4, refused: 5 });
  });
});
