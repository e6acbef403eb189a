import type { HabitFrequency } from '@abide/contracts';
import { Schema } from 'mongoose';

/**
 * Where people were kept before `member_people` (one plain document each, written by a per-process lock): read once by
 * the migration that moves them.
 */
export interface LegacyPersonView {
  _id: string;
  name: string | null;
  nameVersion: number;
  timeZone: string | null;
  timeZoneVersion: number;
  /** Whether leaders' and pastors' dashboards may show this member's figures; null (never chosen) is no (#26). */
  shareProgress: boolean | null;
  shareProgressVersion: number;
  deleted: boolean;
}
export const legacyPersonViewSchema = new Schema<LegacyPersonView>(
  {
    _id: { type: String, required: true },
    name: { type: String, default: null },
    nameVersion: { type: Number, default: 0 },
    timeZone: { type: String, default: null },
    timeZoneVersion: { type: Number, default: 0 },
    shareProgress: { type: Boolean, default: null },
    shareProgressVersion: { type: Number, default: 0 },
    deleted: { type: Boolean, default: false },
  },
  { collection: 'people', versionKey: false },
);

/** A habit's schedule and state, per field versioned like PersonView (both follow the habit's stream). */
export interface HabitFactView {
  _id: string;
  userId: string;
  frequency: HabitFrequency | null;
  frequencyVersion: number;
  status: 'active' | 'paused' | 'archived' | null;
  statusVersion: number;
}
export const habitFactViewSchema = new Schema<HabitFactView>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    frequency: { type: Schema.Types.Mixed, default: null },
    frequencyVersion: { type: Number, default: 0 },
    status: { type: String, default: null },
    statusVersion: { type: Number, default: 0 },
  },
  { collection: 'habit_facts', versionKey: false, minimize: false },
);
habitFactViewSchema.index({ userId: 1 });

/**
 * One fact of member activity on a local date: a habit check-in (`_id` habitId:date), a plan activity
 * (planId:activityId) or a journal entry (entryId). `done` follows the latest version of its stream, so a
 * duplicate changes nothing and an undo that overtook its check-in still wins. Never any content.
 */
export interface ActivityFactView {
  _id: string;
  kind: 'check-in' | 'plan-activity' | 'journal';
  userId: string;
  habitId: string | null;
  date: string;
  done: boolean;
  at: Date;
  version: number;
}
export const activityFactViewSchema = new Schema<ActivityFactView>(
  {
    _id: { type: String, required: true },
    kind: { type: String, required: true },
    userId: { type: String, required: true },
    habitId: { type: String, default: null },
    date: { type: String, required: true },
    done: { type: Boolean, required: true },
    at: { type: Date, required: true },
    version: { type: Number, required: true },
  },
  { collection: 'activity_facts', versionKey: false },
);
activityFactViewSchema.index({ userId: 1, date: 1 });
activityFactViewSchema.index({ userId: 1, at: -1 });
