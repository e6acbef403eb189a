import { Inject, Injectable } from '@nestjs/common';
import { type Projection, type StoredEvent, withDocument } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import { type Connection, type Model, Schema } from 'mongoose';
import { type ActivityCalendar, activityEventTypes, activityLists, applyToCalendar, emptyCalendar } from '../domain/activity-calendar';

/** The calendar as one JSON string: FerretDB v1 decodes a large nested document slowly, and nothing queries inside it. */
interface ActivityCalendarDocument {
  _id: string;
  calendar: string;
}

const activityCalendarSchema = new Schema<ActivityCalendarDocument>(
  { _id: { type: String, required: true }, calendar: { type: String, required: true } },
  { collection: 'activity_calendars', versionKey: false },
);

/**
 * One member's active days as one keyed document (`_id` = the member): what My Plan's Current Streak and Total Days
 * read. Fed by completed habit check-ins, plan activities and the journal's published facts (`entry-written`), all
 * events of formation's log, so it can be filled from the log.
 */
@Injectable()
export class ActivityCalendarProjection implements Projection<(typeof activityEventTypes)[number]> {
  readonly name = 'activity-calendars';
  readonly handles = activityEventTypes;
  /** Added after members were active: filled from the log once, at the first start that has it. */
  readonly backfill = true;
  private readonly model: Model<ActivityCalendarDocument>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.model =
      connection.models.ActivityCalendar ?? connection.model<ActivityCalendarDocument>('ActivityCalendar', activityCalendarSchema);
  }

  async apply(event: StoredEvent<(typeof activityEventTypes)[number]>): Promise<void> {
    const { userId } = event.data;
    await withDocument(this.model as unknown as Model<unknown>, userId, async () => {
      const calendar = await this.read(userId);
      if (!applyToCalendar(calendar, event)) return;
      await this.model.updateOne({ _id: userId }, { $set: { calendar: JSON.stringify(calendar) } }, { upsert: true });
    });
  }

  /** The member's active days (none before their first activity): one read by key. */
  async read(userId: string): Promise<ActivityCalendar> {
    const doc = await this.model.findById(userId).lean<ActivityCalendarDocument>();
    return doc ? (JSON.parse(doc.calendar) as ActivityCalendar) : emptyCalendar();
  }

  /** The dates of each source, ready for `activityStreak`. */
  async listsOf(userId: string) {
    return activityLists(await this.read(userId));
  }

  async purgeSubject(subjectId: string): Promise<void> {
    await this.model.deleteOne({ _id: subjectId });
  }

  async reset(): Promise<void> {
    await this.model.deleteMany({});
  }
}
