import { Inject, Injectable } from '@nestjs/common';
import { applyIfNewer, type Projection, type StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import type { HabitFrequency } from '@abide/contracts';
import { type HabitEntryView, habitEntryViewSchema, type HabitView, habitViewSchema } from './habit.schema';

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
] as const;
type HabitEventType = (typeof habitEventTypes)[number];
type CheckInEventType = 'formation.habit.checked-in' | 'formation.habit.check-in-undone';

/** Habits as the Habits page lists them, with their pauses and planned skips. */
@Injectable()
export class HabitProjection implements Projection<HabitEventType> {
  readonly name = 'habits';
  readonly handles = habitEventTypes;
  private readonly model: Model<HabitView>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.model = connection.model<HabitView>('HabitView', habitViewSchema);
  }

  async apply(event: StoredEvent<HabitEventType>): Promise<void> {
    const id = event.data.habitId;
    switch (event.type) {
      case 'formation.habit.created': {
        const { habitId: _h, timeZone: _tz, ...fields } = event.data;
        await applyIfNewer(this.model, id, event.version, {
          $set: {
            ...fields,
            isActive: true,
            archived: false,
            createdAt: new Date(event.occurredAt),
            pauses: [],
            pausedSince: null,
            skipDates: [],
          },
        });
        return;
      }
      case 'formation.habit.updated': {
        const { habitId: _h, userId: _u, ...changes } = event.data;
        await applyIfNewer(this.model, id, event.version, { $set: changes });
        return;
      }
      case 'formation.habit.paused':
        await applyIfNewer(this.model, id, event.version, { $set: { isActive: false, pausedSince: event.data.date } });
        return;
      case 'formation.habit.resumed': {
        const { date } = event.data;
        const view = await this.model.findById(id, { pausedSince: 1 }).lean<Pick<HabitView, 'pausedSince'>>();
        // A pause resumed the same day excused nothing; otherwise it excuses its days up to the resume.
        const closed = view?.pausedSince && view.pausedSince < date ? { pauses: { from: view.pausedSince, until: date } } : undefined;
        await applyIfNewer(this.model, id, event.version, {
          $set: { isActive: true, pausedSince: null },
          ...(closed ? { $push: closed } : {}),
        });
        return;
      }
      case 'formation.habit.archived':
        await applyIfNewer(this.model, id, event.version, { $set: { isActive: false, archived: true } });
        return;
      case 'formation.habit.skipped':
        await applyIfNewer(this.model, id, event.version, { $addToSet: { skipDates: event.data.date } });
        return;
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

/** Check-ins per habit and local date with the member's note. */
@Injectable()
export class HabitEntryProjection implements Projection<CheckInEventType> {
  readonly name = 'habit-entries';
  readonly handles = ['formation.habit.checked-in', 'formation.habit.check-in-undone'] as const;
  private readonly model: Model<HabitEntryView>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.model = connection.model<HabitEntryView>('HabitEntryView', habitEntryViewSchema);
  }

  async apply(event: StoredEvent<CheckInEventType>): Promise<void> {
    const { habitId, userId, date } = event.data;
    const id = `${habitId}:${date}`;
    const base = { habitId, userId, date };
    if (event.type === 'formation.habit.checked-in') {
      const { completedAt, note } = event.data;
      await applyIfNewer(this.model, id, event.version, {
        $set: { ...base, completed: true, completedAt: completedAt ? new Date(completedAt) : null, note: note ?? null },
      });
    } else if (event.type === 'formation.habit.check-in-undone') {
      await applyIfNewer(this.model, id, event.version, { $set: { ...base, completed: false, completedAt: null, note: null } });
    }
  }

  async ofUser(userId: string): Promise<HabitEntryView[]> {
    return this.model.find({ userId }).lean<HabitEntryView[]>();
  }

  async find(habitId: string, date: string): Promise<HabitEntryView | null> {
    return this.model.findById(`${habitId}:${date}`).lean<HabitEntryView>();
  }

  async purgeSubject(subjectId: string): Promise<void> {
    await this.model.deleteMany({ userId: subjectId });
  }

  async reset(): Promise<void> {
    await this.model.deleteMany({});
  }
}
