import { Inject, Injectable } from '@nestjs/common';
import {
  EventStore,
  type Followed,
  type Projection,
  type StoredEvent,
  StreamOrderedDocuments,
  unchanged,
  VersionedDocuments,
} from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import type { LocalDate } from '@abide/calendar';
import {
  type Activity,
  activitiesBetween,
  type ActivityCalendar,
  activityEventTypes,
  activityLists,
  applyToCalendar,
  emptyCalendar,
} from '../domain/activity-calendar';
import { dropRetiredCollections } from '@abide/platform';

type ActivityEventType = (typeof activityEventTypes)[number];

const handled = (event: StoredEvent): boolean => (activityEventTypes as readonly string[]).includes(event.type);

/**
 * One member's active days as one keyed document (`_id` = the member): what My Plan's Current Streak and Total Days
 * read, and what the nudges' scan reads of what members did. Fed by completed habit check-ins, plan activities and the
 * journal's published facts (`entry-written`), all events of formation's log, each stream applied in its order by
 * compare-and-set (any number of replicas at once).
 */
@Injectable()
export class ActivityCalendarProjection implements Projection<ActivityEventType> {
  /**
   * Renamed when it began to keep its streams' positions for compare-and-set writes, in a collection of its own; and
   * again when it took over the nudges' reads from `activity_days` (one document per thing done, which an undo applied
   * before its check-in left behind), so that its first filling drops that collection.
   */
  readonly name = 'activity-calendars-3';
  readonly handles = activityEventTypes;
  /** Added after members were active: filled from the log once, at the first start that has it. */
  readonly backfill = true;
  private readonly calendars: StreamOrderedDocuments<ActivityCalendar>;

  constructor(
    @Inject(MONGO_CONNECTION) private readonly connection: Connection,
    log: EventStore,
  ) {
    this.calendars = new StreamOrderedDocuments(
      new VersionedDocuments<Followed<ActivityCalendar>>(connection, 'activity_calendars_ordered'),
      log,
    );
  }

  async apply(event: StoredEvent<ActivityEventType>): Promise<void> {
    await this.calendars.apply(event.data.userId, event, changeCalendar, handled);
  }

  /** The member's active days (none before their first activity): one read by key. */
  async read(userId: string): Promise<ActivityCalendar> {
    return (await this.calendars.value(userId)) ?? emptyCalendar();
  }

  /** The dates of each source, ready for `activityStreak`. */
  async listsOf(userId: string) {
    return activityLists(await this.read(userId));
  }

  /** What these members did between two local dates (inclusive): one read by key per member. */
  async between(userIds: readonly string[], from: LocalDate, to: LocalDate): Promise<Array<Omit<Activity, 'done'>>> {
    const calendars = await this.calendars.values(userIds);
    return [...calendars].flatMap(([userId, calendar]) => activitiesBetween(calendar, from, to).map((a) => ({ userId, ...a })));
  }

  async purgeSubject(subjectId: string): Promise<void> {
    await this.calendars.delete(subjectId);
  }

  async reset(): Promise<void> {
    await this.calendars.clear();
    await dropRetiredCollections(this.connection, 'activity_calendars', 'activity_days');
  }
}

/** A copy of the calendar with the event applied (the one read is left as it was: a lost race reads it again). */
const changeCalendar = (value: ActivityCalendar | null, event: StoredEvent): ActivityCalendar | typeof unchanged => {
  const calendar = structuredClone(value ?? emptyCalendar());
  return applyToCalendar(calendar, event) ? calendar : unchanged;
};
