import { Inject, Injectable } from '@nestjs/common';
import type { EventTypesOf } from '@abide/contracts';
import { EventStore, OrderedJsonProjection, type StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { planEventTypes, undoAfter } from './plan.projection';
import type { WeeklyPlan } from '../domain/plan.schema';
import type { PlanView } from './plan.schema';

/** The member's latest plan week as kept here: a PlanView stored as JSON (its `createdAt` a string). */
type KeptPlan = Omit<PlanView, 'createdAt'> & { createdAt: string };

/** One member's current plan and time zone, one keyed document (`_id` = the member). */
export interface CurrentPlan {
  /** The member's latest week's plan (the greatest `weekStart` generated), null before their first. */
  plan: KeptPlan | null;
  /** The member's zone, once their onboarding or settings named one (what "this week" is for them). */
  timeZone?: string;
}

export const currentPlanEventTypes = [
  ...planEventTypes,
  'formation.member.onboarded',
  'formation.member.settings-changed',
] as const satisfies ReadonlyArray<EventTypesOf<'formation.plan.' | 'formation.member.'>>;

type CurrentPlanEventType = (typeof currentPlanEventTypes)[number];

/**
 * What My Plan reads (issue #25): the member's latest plan week and their time zone as one document keyed by the
 * member, so `GET /spiritual-plans/current` is one read by `_id` instead of three (the member's latest week, that
 * week's plan, the member's zone). Fed by every plan stream of the member and by the member's own stream, each
 * applied in its order by compare-and-set (StreamOrderedDocuments), inline with the append: right with any number of
 * replicas, and a check-off is in it before its request answers. The week's documents (`plans-3`) stay for the
 * history, the export and the rollover.
 */
@Injectable()
export class CurrentPlanProjection extends OrderedJsonProjection<CurrentPlan, CurrentPlanEventType> {
  readonly name = 'current-plans-1';
  readonly handles = currentPlanEventTypes;
  /** Added after members had plans: filled from the log once, at the first start that has it. */
  readonly backfill = true;

  constructor(
    @Inject(MONGO_CONNECTION) connection: Connection,
    private readonly log: EventStore,
  ) {
    super(connection, 'current_plans', log, () => ({ plan: null }));
  }

  protected keyOf(event: StoredEvent<CurrentPlanEventType>): string {
    return event.data.userId;
  }

  protected change(doc: CurrentPlan, event: StoredEvent<CurrentPlanEventType>): Promise<boolean> {
    return changeCurrent(doc, event, this.log);
  }

  /** One read by key: the member's latest plan (null before their first) and their zone when known here. */
  async currentOf(userId: string): Promise<{ plan: PlanView | null; timeZone?: string }> {
    const current = await this.read(userId);
    const plan = current.plan ? { ...current.plan, createdAt: new Date(current.plan.createdAt) } : null;
    return { plan, timeZone: current.timeZone };
  }

  async purgeSubject(subjectId: string): Promise<void> {
    await this.documents.delete(subjectId);
  }
}

/**
 * Changes the document by one event (each attempt is given a fresh copy as read); false when it changed nothing. A plan
 * event of an older week than the one kept changes nothing, so the value is the latest week's plan whatever order the
 * weeks' streams arrive in, as a rebuild gives it. Each change mirrors `planChange` of the week's document.
 */
const changeCurrent = async (current: CurrentPlan, typed: StoredEvent<CurrentPlanEventType>, log: EventStore): Promise<boolean> => {
  const event = typed as StoredEvent;
  if (typed.type === 'formation.member.onboarded' || typed.type === 'formation.member.settings-changed') {
    if (typeof typed.data.timeZone !== 'string') return false;
    current.timeZone = typed.data.timeZone;
    return true;
  }
  if (typed.type === 'formation.plan.generated') {
    const generated = typed.data;
    if (current.plan && current.plan._id !== event.streamId && generated.weekStart < current.plan.weekStart) return false;
    current.plan = {
      _id: event.streamId,
      userId: generated.userId,
      weekStart: generated.weekStart,
      planId: generated.planId,
      source: generated.source,
      createdAt: new Date(typed.occurredAt).toISOString(),
      // The event's days are the plan's (the decider made them from a WeeklyPlan); its schema only types them as text.
      plan: generated.plan as WeeklyPlan,
      curriculum: generated.curriculum ?? null,
      completed: generated.carriedOver.map(({ activityId, date }) => ({ activityId, date })),
      undo: generated.reason === 'regenerate' && typed.version > 1 ? await undoAfter(event, log) : null,
      version: typed.version,
    };
    return true;
  }
  const plan = current.plan;
  // An event of another week's stream than the latest (an older week's, replayed or late): not what My Plan shows.
  if (!plan || plan._id !== event.streamId) return false;
  plan.version = typed.version;
  switch (typed.type) {
    case 'formation.plan.activity-completed':
      plan.completed.push({ activityId: typed.data.activityId, date: typed.data.date });
      break;
    case 'formation.plan.activity-uncompleted': {
      const { activityId, date } = typed.data;
      plan.completed = plan.completed.filter((c) => !(c.activityId === activityId && c.date === date));
      break;
    }
    case 'formation.plan.caught-up':
      plan.plan.dailyActivities = typed.data.dailyActivities as WeeklyPlan['dailyActivities'];
      plan.undo = null;
      break;
    case 'formation.plan.regeneration-undone': {
      const { source, plan: restored, curriculum, carriedOver } = typed.data;
      Object.assign(plan, {
        source,
        plan: restored,
        curriculum,
        completed: carriedOver.map(({ activityId, date }) => ({ activityId, date })),
        undo: null,
      });
      break;
    }
    case 'formation.plan.curriculum-followed': {
      const { themeId, theme, description, scriptures, dailyActivities, curriculum } = typed.data;
      Object.assign(plan.plan, { themeId, theme, description, scriptures, dailyActivities });
      plan.curriculum = curriculum;
      plan.undo = null;
      break;
    }
  }
  return true;
};
