import { Inject, Injectable } from '@nestjs/common';
import type { EventTypesOf } from '@abide/contracts';
import { applyInOrder, EventStore, type Projection, type StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model, UpdateQuery } from 'mongoose';
import { addDays, type LocalDate } from '@abide/calendar';
import { planDecider } from '../domain/plan.decider';
import { type PlanMemberView, planMemberViewSchema, type PlanView, planViewSchema } from './plan.schema';

/** One plan stream per member and week; its read-model document has the same `_id`, so a week's plan is a keyed read. */
export const planStreamId = (userId: string, weekStart: LocalDate) => `plan-${userId}-${weekStart}`;

/** Every event of a week's plan stream: what the week's document, and the member's current plan, follow. */
export const planEventTypes = [
  'formation.plan.generated',
  'formation.plan.activity-completed',
  'formation.plan.activity-uncompleted',
  'formation.plan.caught-up',
  'formation.plan.curriculum-followed',
  'formation.plan.regeneration-undone',
] as const;

@Injectable()
export class PlanProjection implements Projection<EventTypesOf<'formation.plan.'>> {
  /**
   * Renamed when each event began to be applied in its stream's order by a conditional write (applyInOrder): the
   * first start that has it fills the plans again from the log, mending any an older writer left short. Renamed again
   * (3) when the plan began to say whether 'Undo' of a regeneration is offered: a regenerated week offers it after the
   * refill too.
   */
  readonly name = 'plans-3';
  readonly backfill = true;
  readonly handles = planEventTypes;
  private readonly model: Model<PlanView>;
  private readonly members: Model<PlanMemberView>;

  constructor(
    @Inject(MONGO_CONNECTION) connection: Connection,
    private readonly log: EventStore,
  ) {
    this.model = connection.model<PlanView>('PlanView', planViewSchema);
    this.members = connection.model<PlanMemberView>('PlanMemberView', planMemberViewSchema);
  }

  async apply(event: StoredEvent<EventTypesOf<'formation.plan.'>>): Promise<void> {
    await applyInOrder(this.model, event.streamId, event, this.log, (next) => planChange(next, this.log));
    if (event.type === 'formation.plan.generated') {
      const { userId, weekStart } = event.data;
      // $max: replays and out-of-order weeks never move a member's latest week back.
      await this.members.updateOne({ _id: userId }, { $max: { latestWeekStart: weekStart } }, { upsert: true });
    }
  }

  /**
   * The member's plans of the last `weeks` weeks up to their latest, most recent first: the history the generator
   * avoids repeating. One keyed read per week.
   */
  async recent(userId: string, weeks = 4): Promise<PlanView[]> {
    const member = await this.members.findById(userId).lean<PlanMemberView>();
    if (!member) return [];
    const ids = Array.from({ length: weeks }, (_, i) => planStreamId(userId, addDays(member.latestWeekStart, -7 * i)));
    const plans = await Promise.all(ids.map((id) => this.model.findById(id).lean<PlanView>()));
    return plans.filter((p): p is NonNullable<typeof p> => p !== null);
  }

  /** Members whose latest plan started before `weekStart`: candidates for the weekly rollover. */
  async membersWithLatestPlanBefore(weekStart: string): Promise<Array<{ userId: string; weekStart: string }>> {
    const rows = await this.members.find({ latestWeekStart: { $lt: weekStart } }).lean<PlanMemberView[]>();
    return rows.map((r) => ({ userId: r._id, weekStart: r.latestWeekStart }));
  }

  async allOf(userId: string): Promise<PlanView[]> {
    return this.model.find({ userId }).sort({ weekStart: 1 }).lean<PlanView[]>();
  }

  async purgeSubject(subjectId: string): Promise<void> {
    await this.model.deleteMany({ userId: subjectId });
    await this.members.deleteOne({ _id: subjectId });
  }

  async reset(): Promise<void> {
    await this.model.deleteMany({});
    await this.members.deleteMany({});
  }
}

/**
 * What one event of a plan's stream changes in its document (applied once each, in the stream's order: applyInOrder),
 * null for an event the plan's view does not show.
 */
const planChange = async (event: StoredEvent, log: EventStore): Promise<UpdateQuery<PlanView> | null> => {
  const planEvent = event as StoredEvent<EventTypesOf<'formation.plan.'>>;
  switch (planEvent.type) {
    case 'formation.plan.generated': {
      const generated = planEvent.data;
      return {
        $set: {
          undo: generated.reason === 'regenerate' && planEvent.version > 1 ? await undoAfter(planEvent, log) : null,
          userId: generated.userId,
          weekStart: generated.weekStart,
          planId: generated.planId,
          source: generated.source,
          createdAt: new Date(planEvent.occurredAt),
          plan: generated.plan,
          curriculum: generated.curriculum,
          completed: generated.carriedOver.map(({ activityId, date }) => ({ activityId, date })),
        },
      };
    }
    case 'formation.plan.activity-completed':
      return { $push: { completed: { activityId: planEvent.data.activityId, date: planEvent.data.date } } };
    case 'formation.plan.activity-uncompleted':
      return { $pull: { completed: { activityId: planEvent.data.activityId, date: planEvent.data.date } } };
    case 'formation.plan.caught-up':
      return { $set: { 'plan.dailyActivities': planEvent.data.dailyActivities, undo: null } };
    case 'formation.plan.regeneration-undone': {
      const { source, plan, curriculum, carriedOver } = planEvent.data;
      return {
        $set: { source, plan, curriculum, completed: carriedOver.map(({ activityId, date }) => ({ activityId, date })), undo: null },
      };
    }
    case 'formation.plan.curriculum-followed': {
      const { themeId, theme, description, scriptures, dailyActivities, curriculum } = planEvent.data;
      return {
        $set: {
          'plan.themeId': themeId,
          'plan.theme': theme,
          'plan.description': description,
          'plan.scriptures': scriptures,
          'plan.dailyActivities': dailyActivities,
          curriculum,
          undo: null,
        },
      };
    }
    default:
      return null;
  }
};

/**
 * What 'Undo' would bring back after this regeneration, as the decider sees it (its `beforeRegeneration`, folded from
 * the stream up to this event), so the page offers Undo exactly when the command would accept it. Plan streams are a
 * week's events: reading one again on a regeneration is cheap.
 */
export const undoAfter = async (event: StoredEvent, log: EventStore): Promise<PlanView['undo']> => {
  const earlier = await log.eventsBetween(event.streamId, 0, event.version);
  const state = [...earlier, event].reduce(planDecider.evolve, planDecider.initialState());
  return state.beforeRegeneration ? { replacedTheme: state.beforeRegeneration.plan.theme } : null;
};
