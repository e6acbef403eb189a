import { forgetMember, lastMember, rememberMember } from './offline-member';
import { onSignOut } from './sign-out-cleanup';

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
