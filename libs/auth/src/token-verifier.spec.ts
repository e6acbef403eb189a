import { createLocalJWKSet, exportJWK, generateKeyPair, type JWK, type JWTVerifyGetKey, SignJWT } from 'jose';
import { InvalidTokenError, TokenVerifier, VERIFIED_TOKEN_TTL_MS } from './token-verifier';

const options = { jwksUrl: 'http://127.0.0.1:9/.well-known/jwks.json', issuer: 'abide-identity', audience: 'abide' };
const claims = { email: 'lydia@test.abide.local', roles: ['user'], sid: 'session-1' };
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe(TokenVerifier.name, () => {
  let key: CryptoKey;
  let jwks: JWTVerifyGetKey;
  let keyLookups: number;
  let clock: number;

  const sign = (payload: Record<string, unknown> = claims, exp = clock / 1000 + 900, signWith: CryptoKey = key) =>
    new SignJWT(payload)
      .setProtectedHeader({ alg: 'ES256', kid: 'k1', typ: 'JWT' })
      .setSubject('user-1')
      .setIssuer(options.issuer)
      .setAudience(options.audience)
      .setIssuedAt(Math.floor(clock / 1000))
      .setExpirationTime(Math.floor(exp))
      .sign(signWith);

  const verifier = () => new TokenVerifier(options, jwks, () => clock);

  beforeAll(async () => {
    const pair = await generateKeyPair('ES256');
    key = pair.privateKey;
    const local = createLocalJWKSet({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256' } as JWK] });
    jwks = (header, token) => {
      keyLookups++;
      return local(header, token);
    };
  });

  beforeEach(() => {
    keyLookups = 0;
    clock = Date.now();
  });

  it('returns the caller of a genuine token', async () => {
    await expect(verifier().verify(await sign())).resolves.toEqual({
      id: 'user-1',
      email: claims.email,
      roles: ['user'],
      sessionId: 'session-1',
      aal: 'aal1',
    });
  });

  it('reads the assurance level: aal2 only when the token says so', async () => {
    await expect(verifier().verify(await sign({ ...claims, aal: 'aal2' }))).resolves.toMatchObject({ aal: 'aal2' });
    await expect(verifier().verify(await sign({ ...claims, aal: 'aal3' }))).resolves.toMatchObject({ aal: 'aal1' });
  });

  it('checks the signature of a token once within a minute, then again', async () => {
    const sut = verifier();
    const token = await sign();

    await sut.verify(token);
    await sut.verify(token);
    expect(keyLookups).toBe(1);

    clock += VERIFIED_TOKEN_TTL_MS;
    await sut.verify(token);
    expect(keyLookups).toBe(2);
  });

  it('refuses a remembered token once it has expired', async () => {
    const sut = verifier();
    const token = await sign(claims, clock / 1000 + 10);
    await sut.verify(token);

    clock += 11_000;

    await expect(sut.verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses an expired token, a changed payload, alg none, another key, another issuer or audience', async () => {
    const sut = verifier();
    const genuine = await sign();
    const [header, , signature] = genuine.split('.');
    const other = (await generateKeyPair('ES256')).privateKey;

    const refused = [
      await sign(claims, clock / 1000 - 60),
      `${header}.${b64({ ...claims, sub: 'someone-else', iss: options.issuer, aud: options.audience, exp: clock / 1000 + 900 })}.${signature}`,
      `${b64({ alg: 'none', typ: 'JWT' })}.${genuine.split('.')[1]}.`,
      await sign(claims, clock / 1000 + 900, other),
      await new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
        .setIssuer('evil')
        .setAudience('abide')
        .setExpirationTime('1h')
        .sign(key),
      await new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
        .setIssuer(options.issuer)
        .setAudience('x')
        .setExpirationTime('1h')
        .sign(key),
      'not-a-token',
    ];

    for (const token of refused) await expect(sut.verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses HS256 keyed with the public key (algorithm confusion)', async () => {
    const secret = new TextEncoder().encode('public key material');
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
      .setIssuer(options.issuer)
      .setAudience(options.audience)
      .setExpirationTime('1h')
      .sign(secret);

    await expect(verifier().verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
  });
});
