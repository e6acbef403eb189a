import { checkTotp, looksLikeTotpCode, newTotpSecret, otpauthUri, TOTP_PERIOD_SECONDS, totpCodeAt } from './totp';

describe('two-factor app codes (TOTP)', () => {
  const secret = newTotpSecret();
  const now = new Date('2026-11-25T10:00:10Z');
  const step = (n: number) => new Date(now.getTime() + n * TOTP_PERIOD_SECONDS * 1000);

  it('accepts the current code, and the codes of the step before and after (a clock a little off)', () => {
    for (const offset of [-1, 0, 1]) expect(checkTotp(secret, totpCodeAt(secret, step(offset)), { now })).toMatchObject({ valid: true });
  });

  it('refuses a code two steps old or ahead, another secret, and what is not six digits', () => {
    expect(checkTotp(secret, totpCodeAt(secret, step(-2)), { now })).toEqual({ valid: false });
    expect(checkTotp(secret, totpCodeAt(secret, step(2)), { now })).toEqual({ valid: false });
    expect(checkTotp(newTotpSecret(), totpCodeAt(secret, now), { now })).toEqual({ valid: false });
    expect(checkTotp(secret, '12345', { now })).toEqual({ valid: false });
    expect(checkTotp(secret, 'abcdef', { now })).toEqual({ valid: false });
  });

  it('takes the code as an app shows it, with a space in the middle', () => {
    const code = totpCodeAt(secret, now);
    expect(checkTotp(secret, `${code.slice(0, 3)} ${code.slice(3)}`, { now })).toMatchObject({ valid: true });
  });

  it('says which time step a code belongs to, and refuses that step and earlier ones once spent (replay)', () => {
    const current = checkTotp(secret, totpCodeAt(secret, now), { now });
    if (!current.valid) throw new Error('the current code was refused');
    expect(current.timeStep).toBe(Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS));
    expect(checkTotp(secret, totpCodeAt(secret, now), { now, afterTimeStep: current.timeStep })).toEqual({ valid: false });
    expect(checkTotp(secret, totpCodeAt(secret, step(-1)), { now, afterTimeStep: current.timeStep })).toEqual({ valid: false });
    expect(checkTotp(secret, totpCodeAt(secret, step(1)), { now, afterTimeStep: current.timeStep })).toMatchObject({
      valid: true,
      timeStep: current.timeStep + 1,
    });
  });

  it('tells app codes from recovery codes by their form', () => {
    expect(looksLikeTotpCode('123456')).toBe(true);
    expect(looksLikeTotpCode(' 123 456 ')).toBe(true);
    expect(looksLikeTotpCode('ab3de-fg7hj')).toBe(false);
    expect(looksLikeTotpCode('1234567')).toBe(false);
  });

  it('writes the otpauth URI authenticator apps read from the QR code', () => {
    const uri = new URL(otpauthUri('Abide', 'ruth@example.com', 'JBSWY3DPEHPK3PXP'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Abide:ruth@example.com');
    expect(uri.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(uri.searchParams.get('issuer')).toBe('Abide');
  });

  it('makes secrets of 160 bits in base32', () => {
    expect(newTotpSecret()).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(newTotpSecret());
  });
});
