import type { CurriculumList, CurriculumProgress, SpiritualPlan } from '@abide/contracts';
import { eventually, type UserSession } from '@abide/testing';

/** Waits until formation knows the session's member administers the church (it learns it from community's events). */
export async function formationKnowsAdmin(admin: UserSession, churchId: string): Promise<void> {
  await eventually(async () =>
    (await admin.get<CurriculumList>(`/api/curricula?churchId=${churchId}`)).status === 200 ? true : undefined,
  );
}

/** The member's plan of this week once it follows a curriculum week. */
export async function planFollowingCurriculum(member: UserSession): Promise<SpiritualPlan> {
  return eventually(
    async () => {
      const res = await member.post<SpiritualPlan>('/api/spiritual-plans/current');
      return res.body.curriculum ? res.body : undefined;
    },
    { timeoutMs: 30_000 },
  );
}

/** Waits until the curriculum's progress (a read model fed by plans' events) shows these figures for week 1. */
export async function progressCounted(admin: UserSession, curriculumId: string, figures: { members: number; done: number }): Promise<void> {
  await eventually(
    async () => {
      const week = (await admin.get<CurriculumProgress>(`/api/curricula/${curriculumId}/progress`)).body.weeks?.[0];
      return week?.members === figures.members && week.done === figures.done ? true : undefined;
    },
    { timeoutMs: 30_000 },
  );
}
