import { base64UrlEncode, beginPkceFlow, codeChallengeFor, createCodeVerifier, forgetVerifier, readVerifier } from './pkce';

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe(base64UrlEncode.name, () => {
  it('returns base64url without padding', () => {
    expect(base64UrlEncode(new Uint8Array([251, 255, 191]))).toBe('-_-_');
    expect(base64UrlEncode(new Uint8Array([1]))).toBe('AQ');
  });
});

describe(createCodeVerifier.name, () => {
  it('returns 64 unreserved characters, different each time', () => {
    const sut = createCodeVerifier();

    expect(sut).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(createCodeVerifier()).not.toBe(sut);
  });
});

describe(codeChallengeFor.name, () => {
  it('returns the S256 challenge of RFC 7636 appendix B for its verifier', async () => {
    await expect(codeChallengeFor('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).resolves.toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });
});

describe(beginPkceFlow.name, () => {
  it('returns the challenge of the verifier it stored for that flow', async () => {
    const storage = new MemoryStorage();

    const sut = await beginPkceFlow('signup', storage);

    const verifier = readVerifier('signup', storage);
    expect(verifier).not.toBeNull();
    expect(sut).toBe(await codeChallengeFor(verifier as string));
    expect(sut).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readVerifier('recovery', storage)).toBeNull();
  });

  it('returns nothing for a flow once its verifier is forgotten', async () => {
    const storage = new MemoryStorage();
    await beginPkceFlow('recovery', storage);

    forgetVerifier('recovery', storage);

    expect(readVerifier('recovery', storage)).toBeNull();
  });
});
