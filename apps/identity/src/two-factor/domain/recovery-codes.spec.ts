import { hashRecoveryCode, newRecoveryCodes, normaliseRecoveryCode, RECOVERY_CODE_COUNT } from './recovery-codes';

describe('recovery codes', () => {
  const key = Buffer.alloc(32, 7);

  it('makes ten different codes written xxxxx-xxxxx without letters that read as others', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[0-9abcdefghjkmnpqrstvwxyz]{5}-[0-9abcdefghjkmnpqrstvwxyz]{5}$/);
  });

  it('takes a code however it is typed: case, spaces, dashes, and O for 0 or I/L for 1', () => {
    expect(normaliseRecoveryCode(' AB0DE-FG1HJ ')).toBe('ab0defg1hj');
    expect(normaliseRecoveryCode('abode fgihj')).toBe('ab0defg1hj');
    expect(normaliseRecoveryCode('ab0de-fglhj')).toBe('ab0defg1hj');
    expect(normaliseRecoveryCode('ab0de-fg1h')).toBeUndefined();
    expect(normaliseRecoveryCode('ab0de-fg1hu')).toBeUndefined();
  });

  it('hashes the normalised code under the key and the account, so the same code differs between accounts and keys', () => {
    const hash = hashRecoveryCode(key, 'u1', 'ab0de-fg1hj');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRecoveryCode(key, 'u1', 'AB0DEFG1HJ')).toBe(hash);
    expect(hashRecoveryCode(key, 'u2', 'ab0de-fg1hj')).not.toBe(hash);
    expect(hashRecoveryCode(Buffer.alloc(32, 8), 'u1', 'ab0de-fg1hj')).not.toBe(hash);
    expect(hashRecoveryCode(key, 'u1', 'not a code')).toBeUndefined();
  });
});
