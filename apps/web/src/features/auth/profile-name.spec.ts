import { profileNameFor } from './profile-name';

describe(profileNameFor.name, () => {
  it('returns the name when the user has one', () => {
    expect(profileNameFor({ name: ' Lydia ', email: 'lydia@thyatira.org' })).toBe('Lydia');
  });

  it('returns the part of the e-mail before the @ when there is no name', () => {
    expect(profileNameFor({ name: '  ', email: 'priscilla@corinth.org' })).toBe('priscilla');
  });

  it("returns 'User' when there is neither", () => {
    expect(profileNameFor({ email: '@nowhere' })).toBe('User');
    expect(profileNameFor(null)).toBe('User');
  });
});
