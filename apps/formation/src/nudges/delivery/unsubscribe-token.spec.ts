import { unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';

describe(verifyUnsubscribeToken.name, () => {
  const secret = 'a-test-secret-of-enough-length';

  it('returns the member id of a token it signed', () => {
    expect(verifyUnsubscribeToken(unsubscribeToken('0199-member', secret), secret)).toBe('0199-member');
  });

  it('returns null when the token was signed with another secret, altered or truncated', () => {
    const sut = unsubscribeToken('0199-member', secret);
    expect(verifyUnsubscribeToken(sut, 'another-secret-of-enough-length')).toBeNull();
    const [payload, signature] = sut.split('.');
    const forged = `${Buffer.from('someone-else').toString('base64url')}.${signature}`;
    expect(verifyUnsubscribeToken(forged, secret)).toBeNull();
    expect(verifyUnsubscribeToken(`${payload}.${signature.slice(0, -2)}`, secret)).toBeNull();
    expect(verifyUnsubscribeToken('', secret)).toBeNull();
    expect(verifyUnsubscribeToken(`${sut}.x`, secret)).toBeNull();
  });
});
