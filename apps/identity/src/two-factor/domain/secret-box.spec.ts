import { deriveKey, open, seal } from './secret-box';

describe('sealed two-factor secrets', () => {
  const key = deriveKey('a setting of at least thirty-two characters', 'secret-encryption');

  it('opens what it sealed, and never seals the same secret to the same text twice', () => {
    const sealed = seal(key, 'u1', 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(open(key, 'u1', sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(seal(key, 'u1', 'JBSWY3DPEHPK3PXP')).not.toBe(sealed);
  });

  it('refuses another key, another account, or a changed value', () => {
    const sealed = seal(key, 'u1', 'JBSWY3DPEHPK3PXP');
    expect(() => open(deriveKey('another setting of at least thirty-two chars', 'secret-encryption'), 'u1', sealed)).toThrow();
    expect(() => open(key, 'u2', sealed)).toThrow();
    const [version, iv, tag, body] = sealed.split('.');
    const changed = `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
    expect(() => open(key, 'u1', [version, iv, tag, changed].join('.'))).toThrow();
    expect(() => open(key, 'u1', 'plain text')).toThrow();
  });

  it('derives a different key for each purpose', () => {
    expect(deriveKey('same setting of at least thirty-two characters', 'recovery-code-hash')).not.toEqual(
      deriveKey('same setting of at least thirty-two characters', 'secret-encryption'),
    );
  });
});
