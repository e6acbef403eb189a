import { call, UserSession, withServiceDb } from '@abide/testing';
import { generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';

/**
 * Token checks at the gateway and at identity itself. The expired token is signed with identity's real key,
 * read from its test database, so the only thing wrong with it is `exp`; a twin with a valid `exp` passes.
 */
const identityKey = async () => {
  const doc = await withServiceDb('identity', (db) => db.collection('signing_keys').find().sort({ createdAt: -1 }).limit(1).next());
  if (!doc) throw new Error('identity has no signing key');
  return { kid: String(doc._id), key: await importJWK(doc.privateJwk as JWK, 'ES256') };
};

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const identityUrl = process.env.E2E_IDENTITY_URL ?? 'http://127.0.0.1:4001';

describe('access tokens', () => {
  let member: UserSession;
  let claims: Record<string, unknown>;

  beforeAll(async () => {
    member = await UserSession.signUp();
    claims = JSON.parse(Buffer.from(member.token.split('.')[1], 'base64url').toString());
  });

  const sign = async (payload: Record<string, unknown>, key: Awaited<ReturnType<typeof importJWK>>, kid: string) =>
    new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).sign(key);

  const meWith = (token: string) => call('GET', '/api/auth/me', { token });
  const identityMeWith = async (token: string) => (await fetch(`${identityUrl}/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status;

  it('accepts the genuine token at the gateway and at identity', async () => {
    expect((await meWith(member.token)).status).toBe(200);
    expect(await identityMeWith(member.token)).toBe(200);
  });

  it('refuses a token whose payload was altered (another user id) with 401', async () => {
    const [header, , signature] = member.token.split('.');
    const forged = `${header}.${b64({ ...claims, sub: 'someone-else' })}.${signature}`;

    expect((await meWith(forged)).status).toBe(401);
    expect(await identityMeWith(forged)).toBe(401);
  });

  it('refuses a token with elevated roles but the original signature', async () => {
    const [header, , signature] = member.token.split('.');

    expect((await meWith(`${header}.${b64({ ...claims, roles: ['admin'] })}.${signature}`)).status).toBe(401);
  });

  it('refuses alg "none"', async () => {
    const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;

    expect((await meWith(token)).status).toBe(401);
    expect(await identityMeWith(token)).toBe(401);
  });

  it('refuses a token signed with another ES256 key under identity’s key id', async () => {
    const { kid } = await identityKey();
    const { privateKey } = await generateKeyPair('ES256');

    const token = await sign(claims, privateKey, kid);

    expect((await meWith(token)).status).toBe(401);
    expect(await identityMeWith(token)).toBe(401);
  });

  it('refuses an HS256 token keyed with identity’s public key (algorithm confusion)', async () => {
    const jwks = (await (await fetch(`${identityUrl}/.well-known/jwks.json`)).json()) as { keys: JWK[] };
    const secret = new TextEncoder().encode(JSON.stringify(jwks.keys[0]));

    const token = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: jwks.keys[0].kid }).sign(secret);

    expect((await meWith(token)).status).toBe(401);
  });

  it('refuses an expired token signed with identity’s own key, and accepts its unexpired twin', async () => {
    const { kid, key } = await identityKey();
    const now = Math.floor(Date.now() / 1000);

    const expired = await sign({ ...claims, iat: now - 1000, exp: now - 60 }, key, kid);
    const valid = await sign({ ...claims, iat: now, exp: now + 60 }, key, kid);

    expect((await meWith(expired)).status).toBe(401);
    expect(await identityMeWith(expired)).toBe(401);
    expect((await meWith(valid)).status).toBe(200);
  });

  it('refuses a token for another audience or from another issuer, even with identity’s key', async () => {
    const { kid, key } = await identityKey();

    expect((await meWith(await sign({ ...claims, aud: 'someone-else' }, key, kid))).status).toBe(401);
    expect((await meWith(await sign({ ...claims, iss: 'evil-identity' }, key, kid))).status).toBe(401);
  });

  it('publishes only public key material in the JWKS', async () => {
    const jwks = (await (await fetch(`${identityUrl}/.well-known/jwks.json`)).json()) as { keys: JWK[] };

    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) {
      expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256' });
      expect(key.d).toBeUndefined();
    }
  });
});
