import { Schema } from 'mongoose';
import type { PlanCurriculum } from '../../curricula/curricula.port';
import type { WeeklyPlan } from '../domain/plan.schema';

/** One member's plan for one week (`_id` = the plan stream id). */
export interface PlanView {
  _id: string;
  userId: string;
  weekStart: string;
  planId: string;
  source: 'built-in' | 'assistant';
  createdAt: Date;
  plan: WeeklyPlan;
  /** The church curriculum week the plan follows (docs/churches.md), or null; absent on plans made before curricula. */
  curriculum?: PlanCurriculum | null;
  /** Completed activities with the local date each was done on. */
  completed: Array<{ activityId: string; date: string }>;
  /**
   * While 'Undo' of the last regeneration is offered: the theme it would bring back. Null (absent before plans-3)
   * when there is nothing to undo: the plan was not regenerated, or changed otherwise since.
   */
  undo?: { replacedTheme: string } | null;
  version: number;
}

export const planViewSchema = new Schema<PlanView>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    weekStart: { type: String, required: true },
    planId: { type: String, required: true },
    source: { type: String, required: true },
    createdAt: { type: Date, required: true },
    plan: { type: Schema.Types.Mixed, required: true },
    curriculum: { type: Schema.Types.Mixed, default: null },
    completed: { type: [{ _id: false, activityId: String, date: String }], default: [] },
    undo: { type: Schema.Types.Mixed, default: null },
    version: { type: Number, required: true },
  },
  { collection: 'plans', versionKey: false, minimize: false },
);
planViewSchema.index({ userId: 1, weekStart: -1 });

/** Each member's latest plan week, so the hourly rollover finds who is due without scanning every plan. */
export interface PlanMemberView {
  _id: string;
  latestWeekStart: string;
}

export const planMemberViewSchema = new Schema<PlanMemberView>(
  { _id: { type: String, required: true }, latestWeekStart: { type: String, required: true } },
  { collection: 'plan_members', versionKey: false },
);
planMemberViewSchema.index({ latestWeekStart: 1 });
