import { Schema } from 'mongoose';
import type { ActivitySource } from '../domain/activity-calendar';

export type { ActivitySource } from '../domain/activity-calendar';

/** One thing done on one local day: `_id` = userId|source|ref|date, so recording twice is harmless. */
export interface ActivityDayView {
  _id: string;
  userId: string;
  date: string;
  source: ActivitySource;
  ref: string;
}

export const activityDayViewSchema = new Schema<ActivityDayView>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    date: { type: String, required: true },
    source: { type: String, required: true },
    ref: { type: String, required: true },
  },
  { collection: 'activity_days', versionKey: false },
);
activityDayViewSchema.index({ userId: 1, date: 1 });
