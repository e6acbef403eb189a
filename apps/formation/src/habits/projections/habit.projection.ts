import { Inject, Injectable } from '@nestjs/common';
import { applyInOrder, EventStore, type Projection, type StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model, UpdateQuery } from 'mongoose';
import type { HabitFrequency } from '@abide/contracts';
import { type HabitView, habitViewSchema } from './habit.schema';

export interface RemindableHabit {
  habitId: string;
  userId: string;
  name: string;
  reminderTime: string | null;
  frequency: HabitFrequency;
}

const habitEventTypes = [
  'formation.habit.created',
  'formation.habit.updated',
  'formation.habit.paused',
  'formation.habit.resumed',
  'formation.habit.archived',
  'formation.habit.skipped',
  'formation.habit.skip-undone',
] as const;
type HabitEventType = (typeof habitEventTypes)[number];
export type CheckInEventType = 'formation.habit.checked-in' | 'formation.habit.check-in-undone';

/** Habits as the Habits page lists them, with their pauses and planned skips. */
@Injectable()
export class HabitProjection implements Projection<HabitEventType> {
  /** Renamed when its events began to be applied in stream order by conditional writes: filled again from the log once. */
  readonly name = 'habits-2';
  readonly backfill = true;
  readonly handles = habitEventTypes;
  private readonly model: Model<HabitView>;

  constructor(
    @Inject(MONGO_CONNECTION) connection: Connection,
    private readonly log: EventStore,
  ) {
    this.model = connection.model<HabitView>('HabitView', habitViewSchema);
  }

  async apply(event: StoredEvent<HabitEventType>): Promise<void> {
    await applyInOrder(this.model, event.data.habitId, event, this.log, (next) => this.change(next));
  }

  /**
   * What one event of the habit's stream changes in its view (null: nothing, the version moves on). applyInOrder asks
   * for it just before its conditional write from the version before this event, so a pause read here is that
   * version's, or the write fails and everything is read again.
   */
  private async change(event: StoredEvent): Promise<UpdateQuery<HabitView> | null> {
    const habitEvent = event as StoredEvent<HabitEventType | CheckInEventType>;
    switch (habitEvent.type) {
      case 'formation.habit.created': {
        const { habitId: _h, timeZone: _tz, ...fields } = habitEvent.data;
        return {
          $set: {
            ...fields,
            isActive: true,
            archived: false,
            createdAt: new Date(habitEvent.occurredAt),
            pauses: [],
            pausedSince: null,
            skipDates: [],
          },
        };
      }
      case 'formation.habit.updated': {
        const { habitId: _h, userId: _u, ...changes } = habitEvent.data;
        return { $set: changes };
      }
      case 'formation.habit.paused':
        return { $set: { isActive: false, pausedSince: habitEvent.data.date } };
      case 'formation.habit.resumed': {
        const { date } = habitEvent.data;
        const view = await this.model.findById(habitEvent.data.habitId, { pausedSince: 1 }).lean<Pick<HabitView, 'pausedSince'>>();
        // A pause resumed the same day excused nothing; otherwise it excuses its days up to the resume.
        const closed = view?.pausedSince && view.pausedSince < date ? { pauses: { from: view.pausedSince, until: date } } : undefined;
        return { $set: { isActive: true, pausedSince: null }, ...(closed ? { $push: closed } : {}) };
      }
      case 'formation.habit.archived':
        return { $set: { isActive: false, archived: true } };
      case 'formation.habit.skipped':
        return { $addToSet: { skipDates: habitEvent.data.date } };
      case 'formation.habit.skip-undone':
        return { $pull: { skipDates: habitEvent.data.date } };
      default:
        return null;
    }
  }

  async find(id: string): Promise<HabitView | null> {
    return this.model.findById(id).lean<HabitView>();
  }

  /** The member's habits, archived ones only when asked. */
  async ofUser(userId: string, options: { includeArchived?: boolean } = {}): Promise<HabitView[]> {
    const filter = options.includeArchived ? { userId } : { userId, archived: { $ne: true } };
    return this.model.find(filter).sort({ createdAt: 1 }).lean<HabitView[]>();
  }

  /** Active habits with a reminder time, of these members: what the reminder scan reminds of. */
  async remindable(userIds: readonly string[]): Promise<RemindableHabit[]> {
    const views = await this.model
      .find({ userId: { $in: [...userIds] }, reminderTime: { $nin: [null, ''] }, isActive: true, archived: false })
      .lean<HabitView[]>();
    return views.map((v) => {
      // Habits written before frequencies were objects hold the bare kind.
      const frequency = v.frequency as HabitFrequency | 'daily' | 'weekly' | undefined;
      return {
        habitId: v._id,
        userId: v.userId,
        name: v.name,
        reminderTime: v.reminderTime,
        frequency: typeof frequency === 'string' ? { kind: frequency } : (frequency ?? { kind: 'daily' }),
      };
    });
  }

  async purgeSubject(subjectId: string): Promise<void> {
    await this.model.deleteMany({ userId: subjectId });
  }

  async reset(): Promise<void> {
    await this.model.deleteMany({});
  }
}
