import { errorCodes, type EventData, type EventPayload, Refusal } from '@abide/contracts';
import type { CommandDecider, NewEvent } from '@abide/event-store';
import type { LocalDate } from '@abide/calendar';
import type { MemberCurriculumWeek } from '../../curricula/curricula.port';
import { catchUp } from './catch-up';
import { followCurriculum } from './curriculum-week';
import { keepCompleted } from './keep-completed';
import { generateWeeklyPlan } from './plan-generator';
import type { WeeklyPlan } from './plan.schema';

type StoredPlan = EventData<'formation.plan.generated'>['plan'];
type PlanCurriculum = EventData<'formation.plan.generated'>['curriculum'];

/** One member's plan for one week, folded from its `plan-<userId>-<weekStart>` stream. */
export interface PlanState {
  planId?: string;
  /** The plan as its events stored it (day names as text: the event keeps what the generator wrote). */
  plan?: StoredPlan;
  source?: 'built-in' | 'assistant';
  /** The church curriculum week the plan follows, or null. */
  curriculum: PlanCurriculum;
  generations: number;
  /** Completed activity id → the local date it was done on. */
  completed: Map<string, LocalDate>;
  /**
   * The plan as it was before the last regeneration, while 'Undo' can bring it back: until the plan changes otherwise
   * ('Catch me up', a curriculum week), is regenerated again (then the one before that), or the undo is done.
   */
  beforeRegeneration?: { plan: StoredPlan; source: 'built-in' | 'assistant'; curriculum: PlanCurriculum };
}

export const planMessages = {
  planNotFound: 'Your plan was not found.',
  activityNotFound: 'This activity was not found.',
  nothingToUndo: 'There is no regeneration to undo: your plan has changed since, or was not regenerated this week.',
} as const;
/** A week without a plan: 404 in the plan's words (the service refuses so too before a command is sent). */
export const planNotFound = (): Refusal => new Refusal(errorCodes.notFound, planMessages.planNotFound);

type PlanEvent = EventPayload;

const initialPlan = (): PlanState => ({ generations: 0, completed: new Map(), curriculum: null });

/** One event's effect on the week's plan. */
const evolvePlan = (state: PlanState, e: PlanEvent): PlanState => {
  switch (e.type) {
    case 'formation.plan.generated':
      // A regenerated week keeps the check-offs it carried over (before v3 of the event, none).
      return {
        planId: e.data.planId,
        plan: e.data.plan,
        source: e.data.source,
        curriculum: e.data.curriculum,
        generations: state.generations + 1,
        completed: new Map(e.data.carriedOver.map((c) => [c.activityId, c.date])),
        beforeRegeneration:
          e.data.reason === 'regenerate' && state.plan && state.source
            ? { plan: state.plan, source: state.source, curriculum: state.curriculum }
            : undefined,
      };
    case 'formation.plan.regeneration-undone':
      return {
        ...state,
        plan: e.data.plan,
        source: e.data.source,
        curriculum: e.data.curriculum,
        completed: new Map(e.data.carriedOver.map((c) => [c.activityId, c.date])),
        beforeRegeneration: undefined,
      };
    case 'formation.plan.activity-completed':
      return { ...state, completed: new Map(state.completed).set(e.data.activityId, e.data.date) };
    case 'formation.plan.activity-uncompleted': {
      const completed = new Map(state.completed);
      completed.delete(e.data.activityId);
      return { ...state, completed };
    }
    case 'formation.plan.caught-up':
      return state.plan
        ? { ...state, plan: { ...state.plan, dailyActivities: e.data.dailyActivities }, beforeRegeneration: undefined }
        : state;
    case 'formation.plan.curriculum-followed': {
      if (!state.plan) return state;
      const { themeId, theme, description, scriptures, dailyActivities } = e.data;
      return {
        ...state,
        curriculum: e.data.curriculum,
        plan: { ...state.plan, themeId, theme, description, scriptures, dailyActivities },
        beforeRegeneration: undefined,
      };
    }
    default:
      return state;
  }
};

/** Every plan command names the member and the week (Sunday) of the plan it is for: its stream. */
interface OnWeek {
  userId: string;
  weekStart: LocalDate;
}

export interface GeneratePlan extends OnWeek {
  type: 'GeneratePlan';
  planId: string;
  userId: string;
  plan: WeeklyPlan;
  source: 'built-in' | 'assistant';
  reason: 'onboarding' | 'regenerate' | 'rollover';
  curriculum: PlanCurriculum;
}

/**
 * Only 'regenerate' replaces a week's plan; onboarding and rollover arriving again decide nothing. A regeneration
 * replaces only what is not done (keepCompleted) and keeps the week's planId, so a check-off carried over stays the
 * same fact for every reader keyed by plan and activity (Analytics, the group's and church's figures).
 */
const decideGeneratePlan = (state: PlanState, command: GeneratePlan): NewEvent[] => {
  if (state.plan && command.reason !== 'regenerate') return [];
  const { plan, carriedOver } = state.plan
    ? keepCompleted(command.plan, state.plan, state.completed)
    : { plan: command.plan, carriedOver: [] };
  return [
    {
      type: 'formation.plan.generated',
      subjectId: command.userId,
      data: {
        planId: state.planId ?? command.planId,
        userId: command.userId,
        weekStart: command.plan.weekStart,
        source: command.source,
        reason: command.reason,
        plan,
        curriculum: command.curriculum,
        carriedOver,
      },
    },
  ];
};

export interface ToggleActivity extends OnWeek {
  type: 'ToggleActivity';
  userId: string;
  activityId: string;
  completed: boolean;
  today: LocalDate;
  now: Date;
}

/** Checks an activity off (dated today in the member's zone) or back on; the same state again decides nothing. */
const decideToggleActivity = (state: PlanState, command: ToggleActivity): NewEvent[] => {
  if (!state.plan || !state.planId) throw planNotFound();
  const exists = state.plan.dailyActivities.some((d) => d.activities.some((a) => a.id === command.activityId));
  if (!exists) throw new Refusal(errorCodes.notFound, planMessages.activityNotFound);
  const doneOn = state.completed.get(command.activityId);
  const ids = { planId: state.planId, userId: command.userId, activityId: command.activityId };
  if (command.completed) {
    if (doneOn) return [];
    return [
      {
        type: 'formation.plan.activity-completed',
        subjectId: command.userId,
        data: { ...ids, date: command.today, completedAt: command.now.toISOString() },
      },
    ];
  }
  if (!doneOn) return [];
  return [{ type: 'formation.plan.activity-uncompleted', subjectId: command.userId, data: { ...ids, date: doneOn } }];
};

export interface CatchUp extends OnWeek {
  type: 'CatchUp';
  userId: string;
  today: LocalDate;
}

const catchUpOf = (state: PlanState, today: LocalDate) => {
  if (!state.plan || !state.planId) throw planNotFound();
  return catchUp({ plan: state.plan, today, completedActivityIds: state.completed.keys() });
};

/** 'Catch me up' through the domain's catchUp; nothing to move decides nothing. */
const decideCatchUp = (state: PlanState, command: CatchUp): NewEvent[] => {
  const result = catchUpOf(state, command.today);
  if (result.moved === 0 || !state.planId) return [];
  return [
    {
      type: 'formation.plan.caught-up',
      subjectId: command.userId,
      data: {
        planId: state.planId,
        userId: command.userId,
        today: command.today,
        moved: result.moved,
        leftBehind: result.leftBehind,
        dailyActivities: result.plan.dailyActivities,
      },
    },
  ];
};

/** What 'Catch me up' did, for the member: from its event, or (nothing moved) what is still behind on the week as it is. */
export const caughtUp = (events: readonly NewEvent[], state: PlanState, today: LocalDate): { moved: number; leftBehind: number } => {
  const event = events.find((e) => e.type === 'formation.plan.caught-up');
  if (event?.type === 'formation.plan.caught-up') return { moved: event.data.moved, leftBehind: event.data.leftBehind };
  return { moved: 0, leftBehind: catchUpOf(state, today).leftBehind };
};

export interface FollowCurriculum extends OnWeek {
  type: 'FollowCurriculum';
  userId: string;
  /** The curriculum week the plan should follow now (null: none any more). */
  target: MemberCurriculumWeek | null;
  /** The member's goals and preferences, which regenerate what fills a day the curriculum no longer fills. */
  goals: readonly string[];
  preferences: readonly string[];
}

/**
 * The week follows another curriculum week, or none (see followCurriculum), keeping what the member checked off; a
 * day the curriculum no longer fills gets the member's generated plan of the week back, as it was seeded. A week
 * without a plan, or already following that curriculum week, decides nothing.
 */
const decideFollowCurriculum = (state: PlanState, command: FollowCurriculum): NewEvent[] => {
  if (!state.plan || !state.planId) return [];
  const generated = generateWeeklyPlan({
    goals: command.goals,
    preferences: command.preferences,
    weekStart: state.plan.weekStart,
    seed: `${command.userId}|${Math.max(0, state.generations - 1)}`,
    history: { recentThemeIds: [], recentActivityIds: [] },
  });
  const plan = followCurriculum({
    plan: state.plan,
    current: state.curriculum,
    completed: new Set(state.completed.keys()),
    target: command.target,
    generated,
  });
  if (!plan) return [];
  const { themeId, theme, description, scriptures, dailyActivities } = plan;
  return [
    {
      type: 'formation.plan.curriculum-followed',
      subjectId: command.userId,
      data: {
        planId: state.planId,
        userId: command.userId,
        curriculum: command.target?.curriculum ?? null,
        themeId,
        theme,
        description,
        scriptures: scriptures ?? [],
        dailyActivities,
      },
    },
  ];
};

export interface UndoRegeneration extends OnWeek {
  type: 'UndoRegeneration';
  userId: string;
}

/**
 * 'Undo' brings back the plan from before the last regeneration: its theme and activities as they were, each
 * activity checked off since still there and done (on its day, as a regeneration keeps them). Nothing to undo (the
 * plan changed otherwise since, or was never regenerated) is refused, as a conflict.
 */
const decideUndoRegeneration = (state: PlanState, command: UndoRegeneration): NewEvent[] => {
  if (!state.plan || !state.planId) throw planNotFound();
  const before = state.beforeRegeneration;
  if (!before) throw new Refusal(errorCodes.conflict, planMessages.nothingToUndo);
  const { plan, carriedOver } = keepCompleted(before.plan, state.plan, state.completed, { whole: true });
  return [
    {
      type: 'formation.plan.regeneration-undone',
      subjectId: command.userId,
      data: { planId: state.planId, userId: command.userId, source: before.source, plan, curriculum: before.curriculum, carriedOver },
    },
  ];
};

export type PlanCommand = GeneratePlan | ToggleActivity | CatchUp | FollowCurriculum | UndoRegeneration;

/**
 * The week's plan aggregate, one `plan-<userId>-<weekStart>` stream per member and week: its state is kept as a
 * snapshot in the stream head (state 2: the curriculum it follows; 3: the plan before a regeneration, for 'Undo').
 */
export const planDecider: CommandDecider<PlanCommand, PlanState> = {
  name: 'plan',
  stateVersion: 3,
  initialState: initialPlan,
  evolve: evolvePlan,
  decide: (command, state) => {
    switch (command.type) {
      case 'GeneratePlan':
        return decideGeneratePlan(state, command);
      case 'ToggleActivity':
        return decideToggleActivity(state, command);
      case 'CatchUp':
        return decideCatchUp(state, command);
      case 'FollowCurriculum':
        return decideFollowCurriculum(state, command);
      case 'UndoRegeneration':
        return decideUndoRegeneration(state, command);
    }
  },
};
