import { errorCodes, type EventData, type EventPayload, Refusal } from '@abide/contracts';
import type { Decider, NewEvent } from '@abide/event-store';
import type { LocalDate } from '@abide/calendar';
import { catchUp } from './catch-up';
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
}

/** Refusals answer 404 with these words as they are (the problem filter gives a Refusal its code's status). */
export class PlanNotFound extends Refusal {
  override readonly name = 'PlanNotFound';
  constructor() {
    super(errorCodes.notFound, 'Your plan was not found.');
  }
}
export class ActivityNotFound extends Refusal {
  override readonly name = 'ActivityNotFound';
  constructor() {
    super(errorCodes.notFound, 'This activity was not found.');
  }
}

type PlanEvent = EventPayload;

const initialPlan = (): PlanState => ({ generations: 0, completed: new Map(), curriculum: null });

/** One event's effect on the week's plan. */
const evolvePlan = (state: PlanState, e: PlanEvent): PlanState => {
  switch (e.type) {
    case 'formation.plan.generated':
      // A regenerated week starts afresh: the old plan's check-offs belong to activities no longer there.
      return {
        planId: e.data.planId,
        plan: e.data.plan,
        source: e.data.source,
        curriculum: e.data.curriculum,
        generations: state.generations + 1,
        completed: new Map(),
      };
    case 'formation.plan.activity-completed':
      return { ...state, completed: new Map(state.completed).set(e.data.activityId, e.data.date) };
    case 'formation.plan.activity-uncompleted': {
      const completed = new Map(state.completed);
      completed.delete(e.data.activityId);
      return { ...state, completed };
    }
    case 'formation.plan.caught-up':
      return state.plan ? { ...state, plan: { ...state.plan, dailyActivities: e.data.dailyActivities } } : state;
    case 'formation.plan.curriculum-followed': {
      if (!state.plan) return state;
      const { themeId, theme, description, scriptures, dailyActivities } = e.data;
      return { ...state, curriculum: e.data.curriculum, plan: { ...state.plan, themeId, theme, description, scriptures, dailyActivities } };
    }
    default:
      return state;
  }
};

/**
 * The week's plan aggregate for the command runner: its state is kept as a snapshot in the stream head (state 2: the
 * curriculum it follows).
 */
export const planDecider: Decider<PlanState> = { name: 'plan', stateVersion: 2, initialState: initialPlan, evolve: evolvePlan };

export const foldPlan = (events: readonly PlanEvent[]): PlanState => events.reduce(evolvePlan, initialPlan());

export interface GeneratePlan {
  planId: string;
  userId: string;
  plan: WeeklyPlan;
  source: 'built-in' | 'assistant';
  reason: 'onboarding' | 'regenerate' | 'rollover';
  curriculum: PlanCurriculum;
}

/** Only 'regenerate' replaces a week's plan; onboarding and rollover arriving again decide nothing. */
export const decideGeneratePlan = (state: PlanState, command: GeneratePlan): NewEvent[] => {
  if (state.plan && command.reason !== 'regenerate') return [];
  return [
    {
      type: 'formation.plan.generated',
      subjectId: command.userId,
      data: {
        planId: command.planId,
        userId: command.userId,
        weekStart: command.plan.weekStart,
        source: command.source,
        reason: command.reason,
        plan: command.plan,
        curriculum: command.curriculum,
      },
    },
  ];
};

export interface ToggleActivity {
  userId: string;
  activityId: string;
  completed: boolean;
  today: LocalDate;
  now: Date;
}

/** Checks an activity off (dated today in the member's zone) or back on; the same state again decides nothing. */
export const decideToggleActivity = (state: PlanState, command: ToggleActivity): NewEvent[] => {
  if (!state.plan || !state.planId) throw new PlanNotFound();
  const exists = state.plan.dailyActivities.some((d) => d.activities.some((a) => a.id === command.activityId));
  if (!exists) throw new ActivityNotFound();
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

/** 'Catch me up' through the domain's catchUp; nothing to move decides nothing. */
export const decideCatchUp = (
  state: PlanState,
  command: { userId: string; today: LocalDate },
): { events: NewEvent[]; moved: number; leftBehind: number } => {
  if (!state.plan || !state.planId) throw new PlanNotFound();
  const result = catchUp({ plan: state.plan, today: command.today, completedActivityIds: state.completed.keys() });
  if (result.moved === 0) return { events: [], moved: 0, leftBehind: result.leftBehind };
  return {
    moved: result.moved,
    leftBehind: result.leftBehind,
    events: [
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
    ],
  };
};

/**
 * The week follows another curriculum week, or none (`plan`: the merged week, see followCurriculum); a plan already
 * following it decides nothing.
 */
export const decideFollowCurriculum = (
  state: PlanState,
  command: { userId: string; curriculum: PlanCurriculum; plan: StoredPlan | null },
): NewEvent[] => {
  if (!state.plan || !state.planId || !command.plan) return [];
  const { themeId, theme, description, scriptures, dailyActivities } = command.plan;
  return [
    {
      type: 'formation.plan.curriculum-followed',
      subjectId: command.userId,
      data: {
        planId: state.planId,
        userId: command.userId,
        curriculum: command.curriculum,
        themeId,
        theme,
        description,
        scriptures: scriptures ?? [],
        dailyActivities,
      },
    },
  ];
};
