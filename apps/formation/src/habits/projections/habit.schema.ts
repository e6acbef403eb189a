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
