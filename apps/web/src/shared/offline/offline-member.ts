import { clearMemberData } from './sign-out-cleanup';

/**
 * Who signed in last on this browser. After a reload the session comes back from the refresh cookie, which needs the
 * network; with no connection this record is what lets the app open that member's cached data. Nothing secret: no
 * token, no e-mail, only what the frame shows.
 */
export interface OfflineMember {
  id: string;
  displayName: string;
}

const STORAGE_KEY = 'abide.offline-member';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // A browser that refuses storage (some private modes) simply opens nothing offline.
    return null;
  }
}

/** The member recorded by the last sign-in, or null (none, signed out, or a record this version cannot read). */
export function lastMember(): OfflineMember | null {
  const raw = storage()?.getItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { id, displayName } = parsed as Record<string, unknown>;
    return typeof id === 'string' && id !== '' && typeof displayName === 'string' ? { id, displayName } : null;
  } catch {
    return null;
  }
}

/**
 * Records the member whose session this browser now holds. A different member than the one recorded before means the
 * browser changed hands: everything kept for the previous one is dropped (the promise settles once it is).
 */
export async function rememberMember(member: OfflineMember): Promise<void> {
  const previous = lastMember();
  storage()?.setItem(STORAGE_KEY, JSON.stringify({ id: member.id, displayName: member.displayName }));
  if (previous && previous.id !== member.id) await clearMemberData(previous.id);
}

/** Forgets the record (sign-out): a reload with no connection then opens nothing of anyone's. */
export function forgetMember(): void {
  storage()?.removeItem(STORAGE_KEY);
}
