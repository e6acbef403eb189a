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
import { applyToBoard, emptyBoard, type HabitBoard, type HabitBoardEvent, habitBoardEventTypes } from '../domain/habit-board';
import { dropRetiredCollections } from '@abide/platform';

type BoardEventType = (typeof habitBoardEventTypes)[number];
/** What follows an event once it is on the member's board (`board`: the board with it, null when there is none). */
export type BoardFollower = (userId: string, event: StoredEvent, board: HabitBoard | null) => Promise<void>;

const handled = (event: StoredEvent): boolean => (habitBoardEventTypes as readonly string[]).includes(event.type);

/**
 * One member's habits and check-ins as one keyed document (`_id` = the member): what the Habits page reads. Fed by
 * every habit stream of the member and by the member's own stream, each applied in its order by compare-and-set, so
 * any number of replicas can write one board at the same moment.
 */
@Injectable()
export class HabitBoardProjection implements Projection<BoardEventType> {
  // Renamed when the board began to keep the member's rest days and streak summaries (2), their time zone (3),
  // check-ins a character a day (4), and its streams' positions beside it for compare-and-set writes (5): the new
  // name fills it again from the log, into a collection of its own (no replica reads the old shape as the new).
  readonly name = 'habit-board-5';
  readonly handles = habitBoardEventTypes;
  /** Added after members had habits: filled from the log once, at the first start that has it. */
  readonly backfill = true;
  private readonly boards: StreamOrderedDocuments<HabitBoard>;
  private readonly followers: BoardFollower[] = [];

  constructor(
    @Inject(MONGO_CONNECTION) private readonly connection: Connection,
    log: EventStore,
  ) {
    this.boards = new StreamOrderedDocuments(new VersionedDocuments<Followed<HabitBoard>>(connection, 'habit_boards_ordered'), log);
  }

  async apply(event: StoredEvent<BoardEventType>): Promise<void> {
    const board = await this.boards.apply(event.data.userId, event, changeBoard, handled);
    // Once the event is on the board (or was already, on a repeat): its followers act on the board as it now stands.
    for (const follower of this.followers) await follower(event.data.userId, event, board);
  }

  /**
   * Registers what must happen once an event is on a member's board (HabitZones: the member's zone carried to their
   * habits). It runs in the board's update, so a failure leaves the event to the read models' heal, which runs it again.
   */
  follow(follower: BoardFollower): void {
    this.followers.push(follower);
  }

  /**
   * The member's board (empty before their first habit): one read by key. With `including`, an event this process
   * just applied (a command's answer), the board as this process wrote it when it has that event, without a read.
   */
  async read(userId: string, including?: Pick<StoredEvent, 'streamId' | 'version'>): Promise<HabitBoard> {
    const value = including ? await this.boards.valueIncluding(userId, including) : await this.boards.value(userId);
    return value ?? emptyBoard();
  }

  async purgeSubject(subjectId: string): Promise<void> {
    await this.boards.delete(subjectId);
  }

  async reset(): Promise<void> {
    await this.boards.clear();
    await dropRetiredCollections(this.connection, 'habit_boards');
  }
}

/** A copy of the board with the event applied (the board as read is never changed: a lost race reads it again). */
const changeBoard = (value: HabitBoard | null, event: StoredEvent): HabitBoard | typeof unchanged => {
  const board = structuredClone(value ?? emptyBoard());
  return applyToBoard(board, event as unknown as HabitBoardEvent) ? board : unchanged;
};
