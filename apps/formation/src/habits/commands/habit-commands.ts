import { Inject, Injectable } from '@nestjs/common';
import { errorCodes, type HabitFrequency } from '@abide/contracts';
import { CommandRunner, ConcurrencyError, type NewEvent, type StoredEvent } from '@abide/event-store';
import { DomainError } from '@abide/platform';
import { v7 as uuidv7 } from 'uuid';
import { CLOCK, type Clock } from '../../config/clock';
import { MemberProjection } from '../../members/members.port';
import { localDateOf, type LocalDate } from '@abide/calendar';
import {
  decideCreateHabit,
  decideHabitCheckIn,
  decideLifecycle,
  decideSkipDay,
  decideUpdateHabit,
  habitDecider,
  type HabitFields,
  HabitNotFound,
  HabitRuleError,
  habitMessages,
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

/** Write side of habits: one stream per habit; every command checks the caller owns it (else 404). */
@Injectable()
export class HabitCommands {
  constructor(
    private readonly runner: CommandRunner,
    private readonly members: MemberProjection,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async create(userId: string, input: HabitInput & { name: string; category: string }, meta: Meta): Promise<string> {
    const habitId = uuidv7();
    const fields = {
      description: '',
      frequency: { kind: 'daily' } as HabitFrequency,
      reminderTime: null,
      ...fieldsOf(input),
    } as HabitFields;
    const timeZone = await this.members.timeZoneOf(userId);
    await this.run(habitId, (s) => decideCreateHabit(s, { habitId, userId, fields, now: this.clock(), timeZone }), meta);
    return habitId;
  }

  async update(userId: string, habitId: string, input: HabitInput, meta: Meta): Promise<void> {
    await this.run(habitId, (s) => decideUpdateHabit(s, { habitId, userId, changes: fieldsOf(input) }), meta);
  }

  async lifecycle(userId: string, habitId: string, action: Lifecycle, meta: Meta): Promise<void> {
    const today = await this.today(userId);
    await this.run(habitId, (s) => decideLifecycle(s, { habitId, userId, action, today }), meta);
  }

  /** Returns the local date the check-in was recorded on (today in the member's zone when none was given). */
  async checkIn(
    userId: string,
    habitId: string,
    input: { completed: boolean; date?: string | null; note?: string | null },
    meta: Meta,
  ): Promise<LocalDate> {
    const timeZone = await this.members.timeZoneOf(userId);
    const now = this.clock();
    let date = '';
    await this.run(
      habitId,
      (s) => {
        const decision = decideHabitCheckIn(s, { habitId, userId, ...input, now, timeZone });
        date = decision.date;
        return decision.events;
      },
      meta,
    );
    return date;
  }

  async skip(userId: string, habitId: string, date: string, meta: Meta): Promise<void> {
    const today = await this.today(userId);
    await this.run(habitId, (s) => decideSkipDay(s, { habitId, userId, date, today }), meta);
  }

  private async today(userId: string): Promise<LocalDate> {
    return localDateOf(this.clock(), await this.members.timeZoneOf(userId));
  }

  /** Through the command runner: the habit's state comes from its stream head's snapshot, one read however long its history. */
  private async run(habitId: string, decide: (state: HabitState) => NewEvent[], meta: Meta): Promise<StoredEvent[]> {
    try {
      return (await this.runner.run(habitStreamId(habitId), habitDecider, decide, meta)).events;
    } catch (error) {
      if (error instanceof HabitNotFound) throw DomainError.notFound('This habit');
      // An archived habit refuses every change: the request is well formed, the habit's state is what conflicts.
      if (error instanceof HabitRuleError && error.message === habitMessages.archived) throw DomainError.conflict(error.message);
      if (error instanceof HabitRuleError) throw DomainError.validation([{ field: error.field, message: error.message }], error.message);
      if (error instanceof ConcurrencyError)
        throw DomainError.conflict('This habit changed at the same moment elsewhere. Please try again.', errorCodes.concurrencyConflict);
      throw error;
    }
  }
}
