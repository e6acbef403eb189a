import type { ChurchSummary } from '@abide/contracts';
import { useSyncExternalStore } from 'react';
import { useAuth } from '../auth';
import { useChurchesMineQuery } from './churchesApi';

/**
 * The church whose branding the frame shows, for a member of several: chosen in the avatar menu and kept in this
 * browser (per member), so it stays after a reload or a new sign-in. Without a choice, or when the chosen church is no
 * longer theirs, the oldest membership.
 */
const KEY = (userId: string) => `abide.activeChurch.${userId}`;
const listeners = new Set<() => void>();

const stored = (userId: string | undefined): string | null => {
  if (!userId) return null;
  try {
    return localStorage.getItem(KEY(userId));
  } catch {
    return null;
  }
};

export const chooseActiveChurch = (userId: string, churchId: string): void => {
  try {
    localStorage.setItem(KEY(userId), churchId);
  } catch {
    // private mode: the choice lasts for this page only
  }
  listeners.forEach((notify) => notify());
};

const subscribe = (notify: () => void) => {
  listeners.add(notify);
  return () => listeners.delete(notify);
};

/** The active church among `churches`: the stored choice if it is still one of them, else the first. */
export const pickActiveChurch = (churches: readonly ChurchSummary[], chosen: string | null): ChurchSummary | null =>
  churches.find((c) => c.id === chosen) ?? churches[0] ?? null;

/** The signed-in member's churches and the active one (null when they belong to none, or are signed out). */
export function useActiveChurch(): { churches: ChurchSummary[]; active: ChurchSummary | null } {
  const { session, user } = useAuth();
  const { data } = useChurchesMineQuery(undefined, { skip: session === null });
  const chosen = useSyncExternalStore(subscribe, () => stored(user?.id));
  const churches = session ? (data?.items ?? []) : [];
  return { churches, active: pickActiveChurch(churches, chosen) };
}
