import { Inject, Injectable } from '@nestjs/common';
import { CommandHandler, CommandRunner, EventStore, ProjectionRunner } from '@abide/event-store';
import { v7 as uuidv7 } from 'uuid';
import { CLOCK, type Clock } from '../../config/clock';
import { CurriculumWeekQuery } from '../../curricula/curricula.port';
import { type Member, MemberQueries } from '../../members/members.port';
import { localDateOf, weekStartOf, type LocalDate } from '@abide/calendar';
import { PlanAssistant } from '../assistant/plan-assistant';
import { composeWeek, sameCurriculumWeek } from '../domain/curriculum-week';
import type { PlanRequest } from '../domain/plan-generator';
import { caughtUp, type PlanCommand, planDecider, planNotFound, type PlanState } from '../domain/plan.decider';
import { weekRollover } from '../domain/week-rollover';
import { CurrentPlanProjection } from '../projections/current-plan.projection';
import { PlanProjection, planStreamId } from '../projections/plan.projection';

export { planStreamId };
import type { PlanView } from '../projections/plan.schema';

/** Used when a member asks for a plan before formation knows their onboarding answers. */
export const DEFAULT_PLAN_GOALS = ['Daily Bible reading', 'Deeper prayer life'];
export const DEFAULT_PLAN_PREFERENCES = ['bible', 'prayer'];
const HISTORY_WEEKS = 4;
/** How long `ensureCurrent` waits for a new member's onboarding answers to arrive from identity (a keyed read each poll). */
export const ONBOARDING_WAIT_MS = 8_000;
const ONBOARDING_POLL_MS = 100;

type Meta = { correlationId: string; causationId?: string | null };
export type PlanReason = 'onboarding' | 'regenerate' | 'rollover';

/** Write side of plans: generation (onboarding, regenerate, rollover), check-offs and 'Catch me up'. */
@Injectable()
export class PlanCommands {
  private readonly weeks: CommandHandler<PlanCommand, PlanState>;

  constructor(
    private readonly eventStore: EventStore,
    private readonly projections: ProjectionRunner,
    runner: CommandRunner,
    private readonly plans: PlanProjection,
    private readonly current: CurrentPlanProjection,
    private readonly members: MemberQueries,
    private readonly assistant: PlanAssistant,
    private readonly curricula: CurriculumWeekQuery,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.weeks = new CommandHandler(runner, planDecider, {
      streamOf: (command) => planStreamId(command.userId, command.weekStart),
      conflictMessage: 'Your plan changed at the same moment elsewhere. Please try again.',
    });
  }

  /**
   * Generates the member's plan for the week holding `now` in their zone (or `weekStart`). Onboarding and
   * rollover never replace an existing plan of that week (the stream's version guards it under concurrency);
   * regenerate does. Returns the plan's stream id, or null when nothing was generated.
   */
  async generate(userId: string, options: { reason: PlanReason; now?: Date; weekStart?: LocalDate; meta: Meta }): Promise<string | null> {
    const { member, weekStart: thisWeek } = await this.weekOf(userId, options.now);
    const weekStart = options.weekStart ?? thisWeek;
    const streamId = planStreamId(userId, weekStart);
    const { state } = await this.eventStore.aggregate(streamId, planDecider);
    // Checked before calling an assistant (outside the runner, so no other command on the week waits for it); the
    // decider checks again against the stream it appends to.
    if (state.plan && options.reason !== 'regenerate') return null;

    const [recent, curriculum] = await Promise.all([this.plans.recent(userId, HISTORY_WEEKS), this.curricula.forMember(userId, weekStart)]);
    const request = this.requestOf(weekStart, userId, state.generations, member, recent);
    const { plan, source } = await this.assistant.generate(request);
    // The curriculum week's activities on the days it fills; the member's own plan on the others.
    const composed = composeWeek(plan, curriculum);
    const { events } = await this.weeks.handle(
      {
        type: 'GeneratePlan',
        userId,
        weekStart,
        planId: uuidv7(),
        plan: composed,
        source,
        reason: options.reason,
        curriculum: curriculum?.curriculum ?? null,
      },
      options.meta,
    );
    return events.length ? streamId : null;
  }

  /**
   * The member's current week follows the curriculum week it should now (docs/curricula.md): after
   * an assignment for the running week, its end, or the member joining or leaving a church or group. Nothing they
   * checked off is lost; a member without a plan this week gets the curriculum when it is made. Idempotent.
   */
  async followCurriculum(userId: string, meta: Meta): Promise<void> {
    const current = await this.currentWeek(userId);
    if (!current) return;
    const target = await this.curricula.forMember(userId, current.weekStart);
    if (sameCurriculumWeek(current.curriculum ?? null, target?.curriculum ?? null)) return;
    const member = await this.members.find(userId);
    await this.weeks.handle({ type: 'FollowCurriculum', userId, weekStart: current.weekStart, target, ...goalsOf(member) }, meta);
  }

  /** What the generator is asked for a member's week: their goals and preferences, and what recent weeks held. */
  private requestOf(
    weekStart: LocalDate,
    userId: string,
    generations: number,
    member: Member | null,
    recent: readonly PlanView[] = [],
  ): PlanRequest {
    return {
      ...goalsOf(member),
      weekStart,
      seed: `${userId}|${generations}`,
      history: {
        recentThemeIds: recent.map((p) => p.plan.themeId),
        recentActivityIds: recent.flatMap((p) => p.plan.dailyActivities.flatMap((d) => d.activities.map((a) => a.id))),
      },
    };
  }

  /**
   * The member's plan of their current week, read only: null before the first plan, and once a new week has begun
   * until its plan is made (the rollover job, or `ensureCurrent`). Reads never write. One read by key (the member's
   * current plan, which keeps their zone); a second, of the member, only for a member whose zone it has not learnt.
   */
  async currentWeek(userId: string): Promise<PlanView | null> {
    const { plan, timeZone } = await this.current.currentOf(userId);
    if (!plan) return null;
    const zone = timeZone ?? (await this.members.timeZoneOf(userId));
    return weekRollover({ planWeekStart: plan.weekStart, now: this.clock(), timeZone: zone }).rolledOver ? null : plan;
  }

  /** The member's most recent plan (the current week's once the rollover has run), or null: one read by key. */
  async latest(userId: string): Promise<PlanView | null> {
    return (await this.current.currentOf(userId)).plan;
  }

  /**
   * The member's plan of their current week, made now if it is missing (idempotent: a plan of the week is never
   * replaced). A new member's first plan needs their onboarding answers, which reach formation from identity's event a
   * moment after onboarding: wait up to `ONBOARDING_WAIT_MS` for them, so that the first My Plan shows the plan
   * instead of asking again and again. Null when formation still knows nothing of the member. A command on the plan's
   * activities (`waitForOnboarding: false`) does not wait: a member without any plan has no activity to act on.
   */
  async ensureCurrent(userId: string, meta: Meta, { waitForOnboarding = true } = {}): Promise<PlanView | null> {
    const current = await this.currentWeek(userId);
    if (current) return current;
    const latest = await this.latest(userId);
    if (!latest && !(await this.onboarded(userId, waitForOnboarding ? ONBOARDING_WAIT_MS : 0))) return null;
    await this.generate(userId, { reason: latest ? 'rollover' : 'onboarding', meta });
    const made = await this.currentWeek(userId);
    if (made) return made;
    // Nothing was generated because the onboarding consumer made this week's plan a moment ago in another instance,
    // whose read models may still be updating: bring them up to date from the plan's events, which only the whole
    // stream gives (a week's few events; projections are idempotent). Within one instance the stream's turn orders it.
    const { weekStart } = await this.weekOf(userId);
    await this.projections.apply(await this.eventStore.load(planStreamId(userId, weekStart)));
    return this.currentWeek(userId);
  }

  /** The member (if formation knows them) and the start of the week holding `now` in their zone. */
  private async weekOf(userId: string, now: Date = this.clock()) {
    const member = await this.members.find(userId);
    return { member, weekStart: weekStartOf(localDateOf(now, member?.timeZone ?? 'UTC')) };
  }

  /** Whether formation knows the member's onboarding answers, waiting a little for identity's event if not yet. */
  private async onboarded(userId: string, waitMs: number): Promise<boolean> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      if ((await this.members.find(userId))?.onboarded) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, ONBOARDING_POLL_MS));
    }
  }

  async toggleActivity(userId: string, activityId: string, completed: boolean, meta: Meta): Promise<PlanView> {
    const plan = await this.requireCurrent(userId, meta);
    const now = this.clock();
    const today = localDateOf(now, await this.members.timeZoneOf(userId));
    await this.weeks.handle({ type: 'ToggleActivity', userId, weekStart: plan.weekStart, activityId, completed, today, now }, meta);
    return (await this.latest(userId)) ?? plan;
  }

  async catchUp(userId: string, meta: Meta): Promise<{ plan: PlanView; moved: number; leftBehind: number }> {
    const plan = await this.requireCurrent(userId, meta);
    const today = localDateOf(this.clock(), await this.members.timeZoneOf(userId));
    const { events, state } = await this.weeks.handle({ type: 'CatchUp', userId, weekStart: plan.weekStart, today }, meta);
    return { plan: (await this.latest(userId)) ?? plan, ...caughtUp(events, state, today) };
  }

  /** 'Undo' after 'Regenerate Plan': the week's plan from before it, with what was checked off since (409 when nothing to undo). */
  async undoRegeneration(userId: string, meta: Meta): Promise<PlanView> {
    const plan = await this.requireCurrent(userId, meta);
    await this.weeks.handle({ type: 'UndoRegeneration', userId, weekStart: plan.weekStart }, meta);
    return (await this.latest(userId)) ?? plan;
  }

  private async requireCurrent(userId: string, meta: Meta): Promise<PlanView> {
    const plan = await this.ensureCurrent(userId, meta, { waitForOnboarding: false });
    if (!plan) throw planNotFound();
    return plan;
  }
}

/** The member's goals and preferences for the generator, or the defaults before formation knows their answers. */
const goalsOf = (member: Member | null) => ({
  goals: member?.spiritualGoals.length ? member.spiritualGoals : DEFAULT_PLAN_GOALS,
  preferences: member?.connectionPreferences.length ? member.connectionPreferences : DEFAULT_PLAN_PREFERENCES,
});
