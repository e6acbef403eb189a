import type { UserSession } from '@abide/testing';

/** Formation data created through the API, so a spec starts from the state it describes. */

export interface HabitSeed {
  name: string;
  category: string;
  description?: string;
  frequency?: { kind: 'daily' } | { kind: 'weekly' } | { kind: 'weekdays'; days: number[] };
  reminderTime?: string | null;
}

export async function seedHabit(session: UserSession, habit: HabitSeed): Promise<{ id: string }> {
  const res = await session.post<{ id: string }>('/api/habits', { frequency: { kind: 'daily' }, description: '', ...habit });
  if (res.status !== 201 && res.status !== 200) throw new Error(`habit not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function checkInHabit(session: UserSession, habitId: string, date?: string): Promise<void> {
  const res = await session.post(`/api/habits/${habitId}/toggle`, date ? { completed: true, date } : { completed: true });
  if (res.status !== 200) throw new Error(`check-in failed: ${res.status} ${JSON.stringify(res.body)}`);
}

export async function seedJournalEntry(
  session: UserSession,
  entry: { content: string; scriptureReference?: string; mood?: string; draft?: boolean },
): Promise<{ id: string }> {
  const res = await session.post<{ id: string }>('/api/journal/entries', { isPrivate: true, draft: false, ...entry });
  if (res.status !== 201 && res.status !== 200) throw new Error(`entry not written: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
