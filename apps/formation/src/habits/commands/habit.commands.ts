import { Inject, Injectable } from '@nestjs/common';
import type { HabitFrequency } from '@abide/contracts';
import { CommandHandler, CommandRunner, type StoredEvent } from '@abide/event-store';
import type { CheckInEventType } from '../projections/habit.projection';
import { v7 as uuidv7 } from 'uuid';
import { CLOCK, type Clock } from '../../config/clock';
import { MemberQueries } from '../../members/members.port';
import { localDateOf, type LocalDate } from '@abide/calendar';
import {
  type CheckInHabit,
  checkInDay,
  habitDecider,
  type HabitCommand,
  type HabitDay,
  type HabitFields,
  type HabitState,
  type Lifecycle,
  normaliseFrequency,
} from '../domain/habit.decider';

export const habitStreamId = (habitId: string) => `habit-${habitId}`;

type Meta = { correlationId: string; causationId?: string | null };

export interface HabitInput {
  name?: string;
  description?: string;
  category?: string;
  frequency?: HabitFrequency | 'daily' | 'weekly';
  reminderTime?: string | null;
}

const fieldsOf = (input: HabitInput): Partial<HabitFields> => ({
  ...(input.name !== undefined ? { name: input.name } : {}),
  ...(input.description !== undefined ? { description: input.description } : {}),
  ...(input.category !== undefined ? { category: input.category } : {}),
  ...(input.frequency !== undefined ? { frequency: normaliseFrequency(input.frequency) } : {}),
  // An empty reminder time means none.
  ...(input.reminderTime !== undefined ? { reminderTime: input.reminderTime || null } : {}),
});

/**
 * Write side of habits: turns a request into a habit command (with the clock and the member's zone it needs) for the
 * habit's one command handler; the decider checks the caller owns the habit (else 404).
 */
@Injectable()
export class HabitCommands {
  private readonly habits: CommandHandler<HabitCommand, HabitState>;

  constructor(
    runner: CommandRunner,
    private readonly members: MemberQueries,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.habits = new CommandHandler(runner, habitDecider, {
      streamOf: (command) => habitStreamId(command.habitId),
      conflictMessage: 'This habit changed at the same moment elsewhere. Please try again.',
      // A new habit's id is made here, so its stream cannot exist yet.
      makesStream: (command) => command.type === 'CreateHabit',
    });
  }

  async create(userId: string, input: HabitInput & { name: string; category: string }, meta: Meta): Promise<string> {
    const habitId = uuidv7();
    const fields = {
      description: '',
      frequency: { kind: 'daily' } as HabitFrequency,
      reminderTime: null,
      ...fieldsOf(input),
    } as HabitFields;
    const timeZone = await this.members.timeZoneOf(userId);
    await this.habits.handle({ type: 'CreateHabit', habitId, userId, fields, now: this.clock(), timeZone }, meta);
    return habitId;
  }

  async update(userId: string, habitId: string, input: HabitInput, meta: Meta): Promise<void> {
    await this.habits.handle({ type: 'UpdateHabit', habitId, userId, changes: fieldsOf(input) }, meta);
  }

  async lifecycle(userId: string, habitId: string, action: Lifecycle, meta: Meta): Promise<void> {
    const today = await this.today(userId);
    await this.habits.handle({ type: 'ChangeHabitLifecycle', habitId, userId, action, today }, meta);
  }

  /**
   * Returns the local date the check-in was recorded on (today in the member's zone when none was given), the event it
   * appended, if any, and the day as the habit's state holds it after (the answer is built from them, not read back).
   */
  async checkIn(
    userId: string,
    habitId: string,
    input: { completed: boolean; date?: string | null; note?: string | null },
    meta: Meta,
  ): Promise<{ date: LocalDate; appended: StoredEvent<CheckInEventType> | null; day: HabitDay | undefined }> {
    const timeZone = await this.members.timeZoneOf(userId);
    const command: CheckInHabit = { type: 'CheckInHabit', habitId, userId, ...input, now: this.clock(), timeZone };
    const { events, state } = await this.habits.handle(command, meta);
    // The decider accepted the command, so its day is one the check-in window allows.
    const date = checkInDay(command);
    // The check-in event is the last one appended (a lifted skip comes before it).
    const appended = (events.at(-1) as StoredEvent<CheckInEventType> | undefined) ?? null;
    return { date, appended, day: state.entries.get(date) };
  }

  async skip(userId: string, habitId: string, date: string, meta: Meta): Promise<void> {
    const today = await this.today(userId);
    await this.habits.handle({ type: 'SkipHabitDay', habitId, userId, date, today }, meta);
  }

  async undoSkip(userId: string, habitId: string, date: string, meta: Meta): Promise<void> {
    const today = await this.today(userId);
    await this.habits.handle({ type: 'UndoSkipHabitDay', habitId, userId, date, today }, meta);
  }

  private async today(userId: string): Promise<LocalDate> {
    return localDateOf(this.clock(), await this.members.timeZoneOf(userId));
  }
}
