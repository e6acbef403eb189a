import { Injectable } from '@nestjs/common';
import { type AppendMeta, CommandHandler, CommandRunner, metaCausedBy, type StoredEvent } from '@abide/event-store';
import { habitDecider, type HabitCommand, type HabitState, habitStreamId, type MemberZone } from '../domain/habit.decider';
import type { HabitBoard } from '../domain/habit-board';
import { HabitBoardProjection } from '../projections/habit-board.projection';

/** The member-stream events that may name a new zone (the board keeps it: HabitBoard.timeZone). */
const ZONE_EVENTS: ReadonlySet<string> = new Set(['formation.member.onboarded', 'formation.member.settings-changed']);

/**
 * Carries the member's zone onto each of their habits' streams (`time-zone-set`), so that a check-in decides "today"
 * on the habit's own state without reading the member. It follows the habit board, the one document that takes both
 * the member's stream and every habit stream of theirs, each by compare-and-set (it follows the board: called once each
 * such event is on it):
 *
 * - after a zone event: every habit the board holds is given the board's zone;
 * - after a habit's creation: that habit is given the board's zone (its creation may have crossed a change of zone).
 *
 * Whichever of a change of zone and a creation reaches the board second sees the other there, so no habit keeps an
 * older zone: the board's writes are ordered (a compare-and-set on one document), and each carries the board's zone
 * with the version of the member's stream it is of, which the habit records only when later than what it holds
 * (decideTimeZone). Run in the request that appended the event (the habit's own turn, for a creation) and again by
 * the read models' heal when that was cut off, since it runs before the outbox entry is cleared.
 */
@Injectable()
export class HabitZones {
  private readonly habits: CommandHandler<HabitCommand, HabitState>;

  constructor(runner: CommandRunner, boards: HabitBoardProjection) {
    this.habits = new CommandHandler(runner, habitDecider, {
      streamOf: (command) => habitStreamId(command.habitId),
      conflictMessage: 'This habit changed at the same moment elsewhere. Please try again.',
    });
    boards.follow((userId, event, board) => this.follow(userId, event, board));
  }

  /** After `event` is on the member's board (`board`: the board with it): the habits it concerns get the board's zone. */
  async follow(userId: string, event: StoredEvent, board: HabitBoard | null): Promise<void> {
    if (!board?.timeZone) return;
    const zone = { timeZone: board.timeZone, memberVersion: board.memberVersion ?? 0 };
    if (event.type === 'formation.habit.created') {
      await this.give(userId, [(event.data as { habitId: string }).habitId], zone, metaCausedBy(event));
    } else if (ZONE_EVENTS.has(event.type) && typeof (event.data as { timeZone?: unknown }).timeZone === 'string') {
      await this.give(
        userId,
        board.habits.filter((h) => !h.archived).map((h) => h.id),
        zone,
        metaCausedBy(event),
      );
    }
  }

  /** Gives these habits of the member the zone (each decides nothing when it holds that version or a later one). */
  async give(userId: string, habitIds: readonly string[], zone: MemberZone, meta: AppendMeta): Promise<void> {
    for (const habitId of habitIds) await this.habits.handle({ type: 'SetHabitTimeZone', habitId, userId, ...zone }, meta);
  }
}
