// Signs every bench member in through the API before a run and keeps their access tokens fresh (they live 15 min):
// a token older than 10 minutes is renewed with the member's refresh cookie, as the web app does.
import { writeFileSync } from 'node:fs';
import { verifySecondFactor } from '../dev/seed/two-factor.mjs';
import { expectOk, mapLimit, refreshCookieOf, requestWithRetry } from './api.mjs';

const FRESH_MS = 10 * 60_000;

export class Tokens {
  /** @param {{ apiUrl: string, people: Array<{ i: number, email: string, password: string, ip: string, totpSecret?: string }>, file: string, concurrency: number }} o */
  constructor({ apiUrl, people, file, concurrency }) {
    this.apiUrl = apiUrl;
    this.people = people;
    this.file = file;
    this.concurrency = concurrency;
    this.sessions = new Map();
  }

  /** Signs everyone in (argon2 per member on identity's side: the slow part of a run's preparation). */
  async signIn() {
    const started = Date.now();
    await mapLimit(this.people, this.concurrency, async (p) => {
      const res = await this.passwordSignIn(p);
      const session = expectOk(res, `sign ${p.email} in`);
      this.sessions.set(p.i, { token: session.accessToken, refresh: refreshCookieOf(res.headers), at: Date.now() });
    });
    this.write();
    return (Date.now() - started) / 1000;
  }

  /** Renews the tokens that are older than 10 minutes (refresh cookie; a fresh sign-in when that fails). */
  async ensureFresh() {
    const stale = this.people.filter((p) => Date.now() - (this.sessions.get(p.i)?.at ?? 0) > FRESH_MS);
    if (!stale.length) return;
    await mapLimit(stale, this.concurrency, async (p) => {
      const current = this.sessions.get(p.i);
      const res = await requestWithRetry(this.apiUrl, 'POST', '/api/auth/refresh', {
        ip: p.ip,
        cookie: `abide_refresh=${current?.refresh ?? ''}`,
      });
      if (res.status === 200) {
        this.sessions.set(p.i, { token: res.body.accessToken, refresh: refreshCookieOf(res.headers) || current.refresh, at: Date.now() });
        return;
      }
      const again = await this.passwordSignIn(p);
      const session = expectOk(again, `sign ${p.email} in again`);
      this.sessions.set(p.i, { token: session.accessToken, refresh: refreshCookieOf(again.headers), at: Date.now() });
    });
    this.write();
  }

  /** The password, and for the moderator (two-factor sign-in on) the code from their key. */
  async passwordSignIn(p) {
    const res = await requestWithRetry(this.apiUrl, 'POST', '/api/auth/sign-in', {
      ip: p.ip,
      body: { email: p.email, password: p.password },
    });
    if (res.status !== 202 || !p.totpSecret) return res;
    const post = (route, body) => requestWithRetry(this.apiUrl, 'POST', route, { ip: p.ip, body });
    return verifySecondFactor(post, res.body.challenge, p.totpSecret);
  }

  token(i) {
    return this.sessions.get(i)?.token;
  }

  /** tokens.json for k6: the access token of member i at index i. */
  write() {
    const max = Math.max(...this.people.map((p) => p.i));
    writeFileSync(this.file, JSON.stringify(Array.from({ length: max + 1 }, (_, i) => this.sessions.get(i)?.token ?? '')));
  }
}
