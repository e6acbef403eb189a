import { UpstreamInstances } from './upstream-instances';
import { tokenSubject, writeAffinity } from './write-affinity';

const tokenFor = (claims: object) => `Bearer eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2lnbmF0dXJl`;

describe('writeAffinity: the key a write is routed by', () => {
  it('is the group or church a path names, whoever writes', () => {
    expect(writeAffinity('POST', '/groups/g1/join', tokenFor({ sub: 'ruth' }))).toBe('groups/g1');
    expect(writeAffinity('PUT', '/churches/c9/members/m2/role', tokenFor({ sub: 'boaz' }))).toBe('churches/c9');
    expect(writeAffinity('POST', '/groups/g1/prayers?x=1', undefined)).toBe('groups/g1');
  });

  it("is the signed-in member for their own writes (check-ins, journal, plan)", () => {
    expect(writeAffinity('POST', '/habits/h1/toggle', tokenFor({ sub: 'ruth', exp: 1 }))).toBe('member/ruth');
    expect(writeAffinity('DELETE', '/journal/entries/e1', tokenFor({ sub: 'naomi' }))).toBe('member/naomi');
  });

  it('is none for reads, and for a write without a readable token (any instance takes it, and checks it)', () => {
    expect(writeAffinity('GET', '/groups/g1/dashboard', tokenFor({ sub: 'ruth' }))).toBeUndefined();
    expect(writeAffinity('POST', '/auth/sign-in', undefined)).toBeUndefined();
    expect(writeAffinity('POST', '/habits', 'Bearer not-a-jwt')).toBeUndefined();
    expect(writeAffinity('POST', '/habits', 'Bearer a.%%%.b')).toBeUndefined();
  });
});

describe('tokenSubject', () => {
  it('reads the sub claim of a bearer JWT, and nothing of anything else', () => {
    expect(tokenSubject(tokenFor({ sub: 'orpah' }))).toBe('orpah');
    expect(tokenSubject(tokenFor({ sub: 42 }))).toBeUndefined();
    expect(tokenSubject(`Bearer x.${Buffer.from('not json').toString('base64url')}.y`)).toBeUndefined();
    expect(tokenSubject('Basic dXNlcjpwYXNz')).toBeUndefined();
    expect(tokenSubject(undefined)).toBeUndefined();
  });
});

describe('UpstreamInstances with an affinity key', () => {
  const urls = ['http://a', 'http://b', 'http://c'];
  let clock = 1_000;
  const upstream = () => new UpstreamInstances(urls, (url) => url, () => clock);
  const first = (u: UpstreamInstances<string>, key: string) => u.order(key)[0].url;

  it('sends every write of one key to one instance, from any gateway, and spreads keys evenly', () => {
    const [one, other] = [upstream(), upstream()];
    const counts: Record<string, number> = {};
    for (let n = 0; n < 600; n++) {
      const key = `member/m${n}`;
      const chosen = first(one, key);
      expect(first(one, key)).toBe(chosen);
      expect(first(other, key)).toBe(chosen);
      counts[chosen] = (counts[chosen] ?? 0) + 1;
    }
    for (const url of urls) expect(counts[url]).toBeGreaterThan(150);
  });

  it('moves only the keys of an instance that is down, to their next choice, and back once it is up', () => {
    const u = upstream();
    const keys = Array.from({ length: 300 }, (_, n) => `groups/g${n}`);
    const before = new Map(keys.map((key) => [key, u.order(key).map((i) => i.url)]));
    const b = u.instances[1];
    u.markDown(b);
    for (const key of keys) {
      const [preferred, next] = before.get(key)!;
      expect(first(u, key)).toBe(preferred === 'http://b' ? next : preferred);
    }
    clock += 10_000;
    for (const key of keys) expect(first(u, key)).toBe(before.get(key)![0]);
  });

  it('leaves requests without a key in turn', () => {
    const u = upstream();
    expect([0, 1, 2, 3].map(() => u.order()[0].url)).toEqual(['http://a', 'http://b', 'http://c', 'http://a']);
  });
});
