import { Inject, Injectable } from '@nestjs/common';
import type { EventTypesOf } from '@abide/contracts';
import type { Projection, StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { MemberProjection } from '../../members/members.port';
import { KeyedDocuments } from '../../shared/keyed-documents';
import {
  checkOff,
  followKey,
  type KeyFigures,
  type MemberProgress,
  progressDelta,
  progressKey,
  regenerated,
} from '../domain/progress-contribution';

/** One curriculum week's figures, and the changes applied last (so one replayed after a crash is not counted twice). */
export interface WeekProgress {
  members: number;
  done: number;
  activities: Record<string, number>;
  recent: string[];
}

/** Enough to recognise a change replayed by the projection runner's healing, which comes within seconds. */
const RECENT_CHANGES = 500;

type Handled = EventTypesOf<'formation.plan.'> | 'formation.member.settings-changed';
type PlanRef = { churchId: string; curriculumId: string; week: number } | null;
type Day = { activities: Array<{ id: string; fromCurriculum?: true }> };

const keyOf = (ref: PlanRef) => (ref ? progressKey(ref.churchId, ref.curriculumId, ref.week) : null);
const curriculumIds = (days: readonly Day[]) => days.flatMap((d) => d.activities.filter((a) => a.fromCurriculum).map((a) => a.id));

/**
 * Progress per curriculum week (`curriculum_progress`, keyed `{churchId}:{curriculumId}:{week}`): how many members who
 * share their progress followed it and how many of its activities they checked off, counts only. To keep the counts
 * right through undos, curriculum switches and a change of sharing, each member's own contribution is kept beside
 * their plans (`curriculum_progress_members`, keyed by member, erased with the account); it is never shown to anyone.
 */
@Injectable()
export class CurriculumProgressProjection implements Projection<Handled> {
  readonly name = 'curriculum-progress';
  readonly handles = [
    'formation.plan.generated',
    'formation.plan.curriculum-followed',
    'formation.plan.activity-completed',
    'formation.plan.activity-uncompleted',
    'formation.member.settings-changed',
  ] as const;
  private readonly weeks: KeyedDocuments<WeekProgress>;
  private readonly members: KeyedDocuments<MemberProgress>;

  constructor(
    @Inject(MONGO_CONNECTION) connection: Connection,
    private readonly memberViews: MemberProjection,
  ) {
    this.weeks = new KeyedDocuments(connection, 'curriculum_progress');
    this.members = new KeyedDocuments(connection, 'curriculum_progress_members');
  }

  async apply(event: StoredEvent<Handled>): Promise<void> {
    const userId = event.data.userId;
    if (event.type === 'formation.member.settings-changed') {
      const sharing = event.data.shareProgressWithGroups;
      if (sharing === undefined) return;
      await this.change(userId, `${event.streamId}@${event.version}`, (m) => (m.sharingV >= event.version ? m : { ...m, sharing, sharingV: event.version }));
      return;
    }
    const planId = event.streamId;
    await this.change(userId, `${planId}@${event.version}`, (m) => {
      const plan = m.plans[planId];
      if (plan && plan.v >= event.version) return m;
      let next = plan;
      switch (event.type) {
        case 'formation.plan.generated':
          next = regenerated(keyOf(event.data.curriculum), curriculumIds(event.data.plan.dailyActivities), event.version);
          break;
        case 'formation.plan.curriculum-followed':
          next = followKey(plan, keyOf(event.data.curriculum), curriculumIds(event.data.dailyActivities), event.version);
          break;
        case 'formation.plan.activity-completed':
        case 'formation.plan.activity-uncompleted':
          if (plan) next = checkOff(plan, event.data.activityId, event.type === 'formation.plan.activity-completed', event.version);
          break;
        default:
          return m;
      }
      if (!next) return m;
      const plans = { ...m.plans };
      // A week that never followed a curriculum is not kept.
      if (Object.keys(next.ids).length > 0) plans[planId] = next;
      else delete plans[planId];
      return { ...m, plans };
    });
  }

  /** The figures of these weeks, by key (one read each). */
  async figures(keys: readonly string[]): Promise<Map<string, KeyFigures>> {
    return this.weeks.getMany(keys);
  }

  /**
   * Applies a change to the member's contribution and the difference to each week it touches: the weeks first, each
   * remembering the change's id, then the member, so a change replayed after a crash in between is not counted twice.
   */
  private async change(userId: string, changeId: string, update: (m: MemberProgress) => MemberProgress | null): Promise<void> {
    await this.members.turn(userId, async () => {
      const before = await this.members.get(userId);
      const start = before ?? { sharing: (await this.memberViews.find(userId))?.shareProgressWithGroups !== false, sharingV: 0, plans: {} };
      const after = update(start);
      if (after === start) return;
      for (const [key, delta] of progressDelta(before, after)) await this.addTo(key, changeId, delta);
      await this.members.write(userId, after, before);
    });
  }

  private async addTo(key: string, changeId: string, delta: KeyFigures): Promise<void> {
    await this.weeks.update(key, () => ({ members: 0, done: 0, activities: {}, recent: [] }), (w) => {
      if (w.recent.includes(changeId)) return w;
      const activities = { ...w.activities };
      for (const [id, change] of Object.entries(delta.activities)) {
        const count = (activities[id] ?? 0) + change;
        if (count > 0) activities[id] = count;
        else delete activities[id];
      }
      return {
        members: Math.max(0, w.members + delta.members),
        done: Math.max(0, w.done + delta.done),
        activities,
        recent: [...w.recent, changeId].slice(-RECENT_CHANGES),
      };
    });
  }

  /** Account deletion: the member's counts leave the figures, and their contribution is forgotten. */
  async purgeSubject(subjectId: string): Promise<void> {
    await this.change(subjectId, `purge-${subjectId}`, () => null);
  }

  async reset(): Promise<void> {
    await Promise.all([this.weeks.clear(), this.members.clear()]);
  }
}
