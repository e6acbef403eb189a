import { sessionResponseSchema, type SessionResponse } from '@abide/contracts';

const STORAGE_KEY = 'abide.session';

/** Reads the session kept for this tab; anything unreadable or expired counts as signed out. */
export function loadPersistedSession(storage: Storage = window.sessionStorage): SessionResponse | null {
  try {
    const raw = storage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = sessionResponseSchema.safeParse(JSON.parse(raw));
    if (!parsed.success || Date.parse(parsed.data.expiresAt) <= Date.now()) {
      storage.removeItem(STORAGE_KEY);
      return null;
    }
    return parsed.data;
  } catch {
    return null;
  }
}

export function persistSession(session: SessionResponse | null, storage: Storage = window.sessionStorage): void {
  try {
    if (session) storage.setItem(STORAGE_KEY, JSON.stringify(session));
    else storage.removeItem(STORAGE_KEY);
  } catch {
    // Private browsing or a full quota: the session still lives in memory for this page.
  }
}
