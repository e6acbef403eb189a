import { Inject, Injectable } from '@nestjs/common';
import type { HabitFrequency } from '@abide/contracts';
import { CommandHandler, CommandRunner, type StoredEvent } from '@abide/event-store';
import type { CheckInEventType } from '../projections/habit.projection';
import { v7 as uuidv7 } from 'uuid';
import { CLOCK, type Clock } from '../../config/clock';
import { MemberQueries } from '../../members/members.port';
import type { LocalDate } from '@abide/calendar';
import { HabitBoardProjection } from '../projections/habit-board.projection';
import {
  type CheckInHabit,
  checkInDay,
  habitDecider,
  type HabitCommand,
  type HabitDay,
  type HabitFields,
  type HabitState,
  type Lifecycle,
  type MemberZone,
  habitStreamId,
  normaliseFrequency,
} from '../domain/habit.decider';

export { habitStreamId };

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
 * Write side of habits: turns a request into a habit command (with the clock) for the habit's one command handler; the
 * decider checks the caller owns the habit (else 404) and reckons "today" in the habit's own zone (HabitZones keeps it
 * the member's), so no command but a creation reads the member.
 */
@Injectable()
export class HabitCommands {
  private readonly habits: CommandHandler<HabitCommand, HabitState>;

  constructor(
    runner: CommandRunner,
    private readonly members: MemberQueries,
    private readonly boards: HabitBoardProjection,
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
    const zone = await this.zoneOf(userId);
    await this.habits.handle({ type: 'CreateHabit', habitId, userId, fields, now: this.clock(), zone }, meta);
    return habitId;
  }

  /**
   * The member's zone with the version of their stream it is of, as their board holds it (HabitZones gives a new habit
   * a later one should the board move on meanwhile). Before the board knows a zone: the member record's, as of no version.
   */
  private async zoneOf(userId: string): Promise<MemberZone> {
    const board = await this.boards.read(userId);
    if (board.timeZone) return { timeZone: board.timeZone, memberVersion: board.memberVersion ?? 0 };
    return { timeZone: await this.members.timeZoneOf(userId), memberVersion: 0 };
  }

  async update(userId: string, habitId: string, input: HabitInput, meta: Meta): Promise<void> {
    await this.habits.handle({ type: 'UpdateHabit', habitId, userId, changes: fieldsOf(input) }, meta);
  }

  async lifecycle(userId: string, habitId: string, action: Lifecycle, meta: Meta): Promise<void> {
    await this.habits.handle({ type: 'ChangeHabitLifecycle', habitId, userId, action, now: this.clock() }, meta);
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
    const command: CheckInHabit = { type: 'CheckInHabit', habitId, userId, ...input, now: this.clock() };
    const { events, state, before } = await this.habits.handle(command, meta);
    // The decider accepted the command on `before`, so its day in that zone is one the check-in window allows.
    const date = checkInDay(command, before.timeZone);
    // The check-in event is the last one appended (a lifted skip comes before it).
    const appended = (events.at(-1) as StoredEvent<CheckInEventType> | undefined) ?? null;
    return { date, appended, day: state.entries.get(date) };
  }

  async skip(userId: string, habitId: string, date: string, meta: Meta): Promise<void> {
    await this.habits.handle({ type: 'SkipHabitDay', habitId, userId, date, now: this.clock() }, meta);
  }

  async undoSkip(userId: string, habitId: string, date: string, meta: Meta): Promise<void> {
    await this.habits.handle({ type: 'UndoSkipHabitDay', habitId, userId, date, now: this.clock() }, meta);
  }
}
