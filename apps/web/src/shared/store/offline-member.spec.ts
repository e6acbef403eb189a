import 'fake-indexeddb/auto';
import type { SessionResponse } from '@abide/contracts';
import { createAppStore } from './store';
import { sessionEvent, signedOut } from '../session/authSlice';
import { forgetMember, lastMember, rememberMember } from '../offline/offline-member';
import { loadRead, saveRead } from '../offline/read-cache';
import { onSignOut } from '../offline/sign-out-cleanup';

/** The browser's localStorage, as far as the record uses it (Jest's node environment has none). */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

describe('the last member signed in on this browser', () => {
  const cleared: string[] = [];
  let unregister: () => void;

  beforeEach(() => {
    Object.assign(globalThis, { localStorage: new MemoryStorage() });
    cleared.length = 0;
    unregister = onSignOut((memberId) => void cleared.push(memberId));
  });
  afterEach(() => {
    unregister();
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  it('is recorded at sign-in with nothing but the id and the name', async () => {
    await rememberMember({ id: 'ruth', displayName: 'Ruth', accessToken: 'secret' } as never);

    expect(lastMember()).toEqual({ id: 'ruth', displayName: 'Ruth' });
    expect(localStorage.getItem('abide.offline-member')).not.toContain('secret');
  });

  it('is forgotten at sign-out', async () => {
    await rememberMember({ id: 'ruth', displayName: 'Ruth' });
    forgetMember();
    expect(lastMember()).toBeNull();
  });

  it('drops what was kept for the previous member when another signs in, and nothing when the same one returns', async () => {
    await rememberMember({ id: 'ruth', displayName: 'Ruth' });
    await rememberMember({ id: 'ruth', displayName: 'Ruth B.' });
    expect(cleared).toEqual([]);

    await rememberMember({ id: 'boaz', displayName: 'Boaz' });

    expect(cleared).toEqual(['ruth']);
    expect(lastMember()).toEqual({ id: 'boaz', displayName: 'Boaz' });
  });

  it('reads a record it cannot understand as no member', () => {
    localStorage.setItem('abide.offline-member', '{"id":42}');
    expect(lastMember()).toBeNull();
    localStorage.setItem('abide.offline-member', 'not json');
    expect(lastMember()).toBeNull();
  });
});

describe('leaving this browser, through the store', () => {
  beforeEach(() => {
    Object.assign(globalThis, { localStorage: new MemoryStorage() });
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  const sessionFor = (id: string, name: string): SessionResponse => ({
    accessToken: `token-${id}`,
    expiresAt: '2099-01-01T00:00:00.000Z',
    aal: 'aal1',
    user: { id, name, email: `${id}@example.com`, roles: ['user'], onboardingCompleted: true, createdAt: '2026-01-01T00:00:00.000Z' },
  });
  const plan = 'currentPlan /spiritual-plans/current';

  /** The store's listeners run after the action; the clean-up then awaits IndexedDB. */
  async function until(condition: () => Promise<boolean>): Promise<void> {
    for (let tries = 0; tries < 200; tries += 1) {
      if (await condition()) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error('the condition never held');
  }

  it('deletes the member’s kept reads and the record of them at sign-out', async () => {
    const store = createAppStore();
    store.dispatch(sessionEvent({ type: 'SIGNED_IN', session: sessionFor('naomi', 'Naomi') }));
    await until(async () => lastMember()?.id === 'naomi');
    await saveRead({ memberId: 'naomi', readKey: plan, data: 'Naomi’s plan', fetchedAt: 1 });

    store.dispatch(signedOut());

    await until(async () => (await loadRead('naomi', plan)) === undefined);
    expect(lastMember()).toBeNull();
  });

  it('deletes the previous member’s kept reads when another signs in on the same browser', async () => {
    const store = createAppStore();
    store.dispatch(sessionEvent({ type: 'SIGNED_IN', session: sessionFor('orpah', 'Orpah') }));
    await until(async () => lastMember()?.id === 'orpah');
    await saveRead({ memberId: 'orpah', readKey: plan, data: 'Orpah’s plan', fetchedAt: 1 });

    // Orpah's session ended without a sign-out here (another tab, an expired cookie); Ruth signs in.
    store.dispatch(sessionEvent({ type: 'SIGNED_IN', session: sessionFor('ruth', 'Ruth') }));

    await until(async () => (await loadRead('orpah', plan)) === undefined);
    expect(lastMember()).toEqual({ id: 'ruth', displayName: 'Ruth' });
  });
});
