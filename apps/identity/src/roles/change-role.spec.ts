import { parseRoleChange } from './change-role';

describe('parseRoleChange', () => {
  it('returns the change with a normalised e-mail', () => {
    expect(parseRoleChange(['grant', 'moderator', ' Mary@Example.com '], 'operator:root')).toEqual({
      action: 'grant',
      role: 'moderator',
      email: 'mary@example.com',
      by: 'operator:root',
    });
  });

  it('refuses an unknown role with the usage line', () => {
    expect(() => parseRoleChange(['grant', 'pope', 'x@example.com'], 'op')).toThrow('usage: roles grant|revoke user|moderator|admin <email>');
  });
});
