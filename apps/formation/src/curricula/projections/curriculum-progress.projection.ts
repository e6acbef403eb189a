import { Inject, Injectable } from '@nestjs/common';
import type { EventTypesOf } from '@abide/contracts';
import {
  EventStore,
  type Followed,
  type Projection,
  type StoredEvent,
  StreamOrderedDocuments,
  unchanged,
  VersionedDocuments,
} from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { updateFrom } from '../../shared/update-from';
import {
  checkOff,
  followKey,
  type KeyFigures,
  type MemberProgress,
  progressDelta,
  progressKey,
  regenerated,
} from '../domain/progress-contribution';
import { dropRetiredCollections } from '@abide/platform';

/** One curriculum week's figures, and the changes applied last (so one replayed after a crash is not counted twice). */
export interface WeekProgress {
  members: number;
  done: number;
  activities: Record<string, number>;
  recent: string[];
}

/** Enough to recognise a change replayed by the projection runner's healing, which comes within seconds. */
const RECENT_CHANGES = 500;

type Handled = EventTypesOf<'formation.plan.'> | 'formation.member.church-sharing-changed';
type PlanRef = { churchId: string; curriculumId: string; week: number } | null;
type Day = { activities: Array<{ id: string; fromCurriculum?: true }> };

/**
 * A member's contribution, and the changes of week figures it made that may not have reached the weeks yet (by
 * change id): recorded with the contribution in one compare-and-set, then added to the weeks (each remembers the
 * change ids it has) and only then forgotten, so neither a lost race nor a crash in between counts one twice or never.
 */
interface Contribution extends MemberProgress {
  pending: Record<string, Array<[string, KeyFigures]>>;
}

const handledTypes: readonly string[] = [
  'formation.plan.generated',
  'formation.plan.curriculum-followed',
  'formation.plan.regeneration-undone',
  'formation.plan.activity-completed',
  'formation.plan.activity-uncompleted',
  'formation.member.church-sharing-changed',
];

const keyOf = (ref: PlanRef) => (ref ? progressKey(ref.churchId, ref.curriculumId, ref.week) : null);
const curriculumIds = (days: readonly Day[]) => days.flatMap((d) => d.activities.filter((a) => a.fromCurriculum).map((a) => a.id));

/**
 * Progress per curriculum week (`curriculum_progress`, keyed `{churchId}:{curriculumId}:{week}`): how many members who
 * share their progress with that church (their choice on the church membership, mirrored on their member stream) followed it and how many of its activities they checked off, counts only. To keep the counts
 * right through undos, curriculum switches and a change of sharing, each member's own contribution is kept beside
 * their plans (`curriculum_progress_contributions`, keyed by member, erased with the account; fed by the member's plan
 * streams and own stream, each in its order, by compare-and-set); it is never shown to anyone.
 */
@Injectable()
export class CurriculumProgressProjection implements Projection<Handled> {
  /**
   * Renamed when contributions began to be applied in stream order by compare-and-set, and again when sharing became a
   * choice per church (#26): filled again from the log.
   */
  readonly name = 'curriculum-progress-3';
  readonly backfill = true;
  readonly handles = [
    'formation.plan.generated',
    'formation.plan.curriculum-followed',
    'formation.plan.regeneration-undone',
    'formation.plan.activity-completed',
    'formation.plan.activity-uncompleted',
    'formation.member.church-sharing-changed',
  ] as const;
  private readonly weeks: VersionedDocuments<WeekProgress>;
  private readonly contributions: VersionedDocuments<Followed<Contribution>>;
  private readonly members: StreamOrderedDocuments<Contribution>;

  constructor(
    @Inject(MONGO_CONNECTION) private readonly connection: Connection,
    log: EventStore,
  ) {
    this.weeks = new VersionedDocuments(connection, 'curriculum_progress_2');
    this.contributions = new VersionedDocuments(connection, 'curriculum_progress_contributions');
    this.members = new StreamOrderedDocuments(this.contributions, log);
  }

  async apply(event: StoredEvent<Handled>): Promise<void> {
    const userId = event.data.userId;
    await this.members.apply(userId, event, (value, next) => this.change(value, next as StoredEvent<Handled>), isHandled);
    await this.flush(userId);
  }

  /** The member's contribution after one more event, with the week changes it makes recorded as pending. */
  private change(value: Contribution | null, event: StoredEvent<Handled>): Contribution | typeof unchanged {
    // The member stream's earlier sharing choices come before this event (gaps are read from the log): none is on yet.
    const start: Contribution = value ?? { churches: {}, sharingV: 0, plans: {}, pending: {} };
    const after = contributionAfter(start, event);
    if (after === start) return unchanged;
    const changeId = `${event.streamId}@${event.version}`;
    return { ...after, pending: { ...start.pending, [changeId]: [...progressDelta(start, after)] } };
  }

  /** Adds the member's pending changes to the weeks, then forgets them (a replay after a crash finds them still there). */
  private async flush(userId: string): Promise<void> {
    const pending = (await this.members.value(userId))?.pending ?? {};
    for (const [changeId, deltas] of Object.entries(pending)) {
      for (const [key, delta] of deltas) await this.addTo(key, changeId, delta);
    }
    const done = Object.keys(pending);
    if (done.length === 0) return;
    await this.contributions.update(userId, (doc) => {
      if (!doc?.value || !done.some((id) => id in doc.value!.pending)) return unchanged;
      const left = Object.fromEntries(Object.entries(doc.value.pending).filter(([id]) => !done.includes(id)));
      return { ...doc, value: { ...doc.value, pending: left } };
    });
  }

  /** The figures of these weeks, by key (one read each). */
  async figures(keys: readonly string[]): Promise<Map<string, KeyFigures>> {
    return this.weeks.getMany(keys);
  }

  private async addTo(key: string, changeId: string, delta: KeyFigures): Promise<void> {
    await updateFrom(
      this.weeks,
      key,
      () => ({ members: 0, done: 0, activities: {}, recent: [] }),
      (w) => {
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
      },
    );
  }

  /** Account deletion: the member's counts leave the figures, and their contribution is forgotten. */
  async purgeSubject(subjectId: string): Promise<void> {
    const changeId = `purge-${subjectId}`;
    await this.contributions.update(subjectId, (doc) => {
      if (!doc?.value) return unchanged;
      const gone = { churches: doc.value.churches, sharingV: doc.value.sharingV, plans: {} };
      const pending = { ...doc.value.pending, [changeId]: [...progressDelta(doc.value, gone)] };
      return { ...doc, value: { ...gone, pending } };
    });
    await this.flush(subjectId);
    await this.members.delete(subjectId);
  }

  async reset(): Promise<void> {
    await Promise.all([this.weeks.clear(), this.members.clear()]);
    await dropRetiredCollections(this.connection, 'curriculum_progress', 'curriculum_progress_members');
  }
}

const isHandled = (event: StoredEvent): boolean => handledTypes.includes(event.type);

/** The contribution after one event (the same object when it changes nothing). */
const contributionAfter = (m: Contribution, event: StoredEvent<Handled>): Contribution => {
  if (event.type === 'formation.member.church-sharing-changed') {
    if (m.sharingV >= event.version) return m;
    return { ...m, churches: { ...m.churches, [event.data.churchId]: event.data.shares }, sharingV: event.version };
  }
  const planId = event.streamId;
  const plan = m.plans[planId];
  if (plan && plan.v >= event.version) return m;
  let next = plan;
  switch (event.type) {
    case 'formation.plan.generated':
    case 'formation.plan.regeneration-undone':
      next = regenerated(
        plan,
        keyOf(event.data.curriculum),
        curriculumIds(event.data.plan.dailyActivities),
        new Set(event.data.carriedOver.map((c) => c.activityId)),
        event.version,
      );
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
};
