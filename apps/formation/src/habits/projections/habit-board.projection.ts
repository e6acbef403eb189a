import { Inject, Injectable } from '@nestjs/common';
import { type Projection, type StoredEvent, withDocument } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import { type Connection, type Model, Schema } from 'mongoose';
import { applyToBoard, emptyBoard, type HabitBoard, habitBoardEventTypes } from '../domain/habit-board';

/**
 * The board is stored as one JSON string: FerretDB v1 turns a large nested document into SQL JSON on every read and
 * write (a 26 KB nested document: ~24 reads/s; the same as a string: ~350/s), and nothing queries inside it.
 */
interface HabitBoardDocument {
  _id: string;
  board: string;
}

const habitBoardSchema = new Schema<HabitBoardDocument>(
  { _id: { type: String, required: true }, board: { type: String, required: true } },
  { collection: 'habit_boards', versionKey: false },
);

/** One member's habits and check-ins as one keyed document (`_id` = the member): what the Habits page reads. */
@Injectable()
export class HabitBoardProjection implements Projection<(typeof habitBoardEventTypes)[number]> {
  // Renamed when the board began to keep the member's rest days and streak summaries (2), their time zone (3), and
  // check-ins a character a day (4): the new name fills it again from the log.
  readonly name = 'habit-board-4';
  readonly handles = habitBoardEventTypes;
  /** Added after members had habits: filled from the log once, at the first start that has it. */
  readonly backfill = true;
  private readonly model: Model<HabitBoardDocument>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.model = connection.model<HabitBoardDocument>('HabitBoard', habitBoardSchema);
  }

  async apply(event: StoredEvent<(typeof habitBoardEventTypes)[number]>): Promise<void> {
    const { userId } = event.data;
    await withDocument(this.model as unknown as Model<unknown>, userId, async () => {
      const board = await this.read(userId);
      if (!applyToBoard(board, event)) return;
      await this.model.updateOne({ _id: userId }, { $set: { board: JSON.stringify(board) } }, { upsert: true });
    });
  }

  /** The member's board (empty before their first habit): one read by key. */
  async read(userId: string): Promise<HabitBoard> {
    const doc = await this.model.findById(userId).lean<HabitBoardDocument>();
    return doc ? (JSON.parse(doc.board) as HabitBoard) : emptyBoard();
  }

  async purgeSubject(subjectId: string): Promise<void> {
    await this.model.deleteOne({ _id: subjectId });
  }

  async reset(): Promise<void> {
    await this.model.deleteMany({});
  }
}
