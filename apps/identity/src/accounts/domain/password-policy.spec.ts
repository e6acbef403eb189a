import { passwordMessages, passwordWeaknesses } from './password-policy';

describe('passwordWeaknesses', () => {
  const common = new Set(['password', 'baseball1', 'iloveyou!']);
  const owner = { email: 'lydia.purple@example.com', name: 'Lydia of Thyatira' };
  const sut = (password: string) => passwordWeaknesses(password, owner, common);

  it('returns no reason when the password is long, uncommon and impersonal', () => {
    expect(sut('walk humbly with thy God')).toEqual([]);
  });

  it('returns the length reason when the password has fewer than 8 characters', () => {
    expect(sut('a1b2c3d')).toEqual([passwordMessages.tooShort]);
  });

  it('counts characters, not UTF-16 units, when measuring length', () => {
    expect(sut('🙏🙏🙏🙏🙏🙏🙏')).toEqual([passwordMessages.tooShort]);
    expect(sut('🙏🙏🙏🙏🙏🙏🙏🙏')).toEqual([]);
  });

  it('accepts 128 characters and refuses 129', () => {
    expect(sut('x'.repeat(60) + 'y'.repeat(68))).toEqual([]);
    expect(sut('x'.repeat(61) + 'y'.repeat(68))).toEqual([passwordMessages.tooLong]);
  });

  it('has no composition rules: lowercase letters and spaces only is fine', () => {
    expect(sut('correct horse battery staple')).toEqual([]);
  });

  it('returns the common reason when the password is in the list, whatever its case', () => {
    expect(sut('PassWord')).toEqual([passwordMessages.common]);
    expect(sut('Baseball1')).toEqual([passwordMessages.common]);
  });

  it('returns the personal reason when the password contains the e-mail local part', () => {
    expect(sut('my Lydia.Purple secret')).toEqual([passwordMessages.personal]);
  });

  it('returns the personal reason when the password contains the name or a word of it', () => {
    expect(sut('lydiaofthyatira!!')).toEqual([passwordMessages.personal]);
    expect(sut('from thyatira with love')).toEqual([passwordMessages.personal]);
  });

  it('ignores short words of the name, which would refuse too much', () => {
    expect(passwordWeaknesses('often sunny afternoon', { email: 'x@example.com', name: 'Of' }, common)).toEqual([]);
  });

  it('returns every reason at once, one message each', () => {
    expect(passwordWeaknesses('ann', { email: 'ann@example.com', name: 'Ann' }, new Set(['ann']))).toEqual([
      passwordMessages.tooShort,
      passwordMessages.common,
      passwordMessages.personal,
    ]);
  });
});
