/**
 * PKCE (RFC 7636, S256) for the e-mail links: this browser keeps a random verifier and sends only its
 * SHA-256; the link's one-time code is worth nothing without the verifier.
 */
export type PkceFlow = 'signup' | 'recovery';

const VERIFIER_BYTES = 48; // 64 base64url characters, inside the 43–128 the RFC allows
const storageKey = (flow: PkceFlow) => `abide.pkce.${flow}`;

export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function createCodeVerifier(cryptoImpl: Crypto = globalThis.crypto): string {
  return base64UrlEncode(cryptoImpl.getRandomValues(new Uint8Array(VERIFIER_BYTES)));
}

export async function codeChallengeFor(verifier: string, cryptoImpl: Crypto = globalThis.crypto): Promise<string> {
  const digest = await cryptoImpl.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64UrlEncode(new Uint8Array(digest));
}

/**
 * Starts a flow: remembers a fresh verifier (localStorage, so the link still works in a new tab of
 * this browser) and returns the challenge to send.
 */
export async function beginPkceFlow(flow: PkceFlow, storage: Storage = window.localStorage): Promise<string> {
  const verifier = createCodeVerifier();
  try {
    storage.setItem(storageKey(flow), verifier);
  } catch {
    // Storage refused (private mode, quota): the link then falls back to confirming without a session.
  }
  return codeChallengeFor(verifier);
}

export function readVerifier(flow: PkceFlow, storage: Storage = window.localStorage): string | null {
  try {
    return storage.getItem(storageKey(flow));
  } catch {
    return null;
  }
}

export function forgetVerifier(flow: PkceFlow, storage: Storage = window.localStorage): void {
  try {
    storage.removeItem(storageKey(flow));
  } catch {
    // nothing stored, nothing to forget
  }
}
