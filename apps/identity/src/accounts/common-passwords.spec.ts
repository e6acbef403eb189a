import { loadCommonPasswords } from './common-passwords';

describe('loadCommonPasswords', () => {
  it('returns at least 10,000 lowercased entries, the classics among them', () => {
    const sut = loadCommonPasswords();

    expect(sut.size).toBeGreaterThanOrEqual(10_000);
    expect(sut.has('password')).toBe(true);
    expect(sut.has('qwertyuiop')).toBe(true);
    expect([...sut].every((p) => p === p.toLowerCase())).toBe(true);
  });
});
