import type { HabitFrequency } from '@abide/contracts';
import { Schema } from 'mongoose';

export interface HabitView {
  _id: string;
  userId: string;
  name: string;
  description: string;
  category: string;
  frequency: HabitFrequency;
  reminderTime: string | null;
  isActive: boolean;
  archived: boolean;
  createdOn: string;
  createdAt: Date;
  /** Closed pauses; an open one is `pausedSince`. */
  pauses: Array<{ from: string; until: string }>;
  pausedSince: string | null;
  skipDates: string[];
  version: number;
}

export const habitViewSchema = new Schema<HabitView>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    name: String,
    description: String,
    category: String,
    frequency: { type: Schema.Types.Mixed },
    reminderTime: { type: String, default: null },
    isActive: { type: Boolean, default: true },
    archived: { type: Boolean, default: false },
    createdOn: String,
    createdAt: Date,
    pauses: { type: [{ _id: false, from: String, until: String }], default: [] },
    pausedSince: { type: String, default: null },
    skipDates: { type: [String], default: [] },
    version: { type: Number, required: true },
  },
  { collection: 'habits', versionKey: false, minimize: false },
);
habitViewSchema.index({ userId: 1 });

/** One habit's check-in on one local date (`_id` = habitId:date); un-checked days stay with completed false. */
export interface HabitEntryView {
  _id: string;
  habitId: string;
  userId: string;
  date: string;
  completed: boolean;
  completedAt: Date | null;
  note: string | null;
  version: number;
}

export const habitEntryViewSchema = new Schema<HabitEntryView>(
  {
    _id: { type: String, required: true },
    habitId: { type: String, required: true },
    userId: { type: String, required: true },
    date: { type: String, required: true },
    completed: { type: Boolean, required: true },
    completedAt: { type: Date, default: null },
    note: { type: String, default: null },
    version: { type: Number, required: true },
  },
  { collection: 'habit_entries', versionKey: false },
);
habitEntryViewSchema.index({ userId: 1, date: 1 });
habitEntryViewSchema.index({ habitId: 1 });
