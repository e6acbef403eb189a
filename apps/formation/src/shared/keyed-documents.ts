import { withDocument } from '@abide/event-store';
import { type Connection, type Model, Schema } from 'mongoose';

interface Row {
  _id: string;
  /** The document's value as JSON: maps keyed by ids (which may hold characters field names must not) stay plain. */
  state: string;
}

const isDuplicateKey = (error: unknown) => (error as { code?: number }).code === 11000;

/**
 * A collection of read-model documents read and written by key only (FerretDB v1 scans for any other filter), each
 * value kept as JSON. `update` is a read-modify-write that takes turns with every other write of that document in
 * this process (withDocument); a value that comes back unchanged is not written.
 */
export class KeyedDocuments<T> {
  readonly model: Model<Row>;

  constructor(connection: Connection, collection: string) {
    const name = `Keyed_${collection}`;
    this.model =
      (connection.models[name] as Model<Row> | undefined) ??
      connection.model<Row>(
        name,
        new Schema<Row>({ _id: { type: String, required: true }, state: { type: String, required: true } }, { collection, versionKey: false }),
      );
  }

  async get(id: string): Promise<T | null> {
    const row = await this.model.findById(id).lean<Row>();
    return row ? (JSON.parse(row.state) as T) : null;
  }

  /** Reads by key, in parallel (a `$in` would scan on FerretDB v1); missing ones are left out. */
  async getMany(ids: readonly string[]): Promise<Map<string, T>> {
    const unique = [...new Set(ids)];
    const values = await Promise.all(unique.map((id) => this.get(id)));
    return new Map(unique.flatMap((id, i) => (values[i] === null ? [] : [[id, values[i]] as [string, T]])));
  }

  /** `change` gets the current value (or `initial()`) and returns the new one, or null to delete the document. */
  async update(id: string, initial: () => T, change: (value: T) => T | null): Promise<T | null> {
    return this.turn(id, async () => {
      const before = await this.get(id);
      const next = change(before ?? initial());
      await this.write(id, next, before);
      return next;
    });
  }

  /** Runs `work` in the document's turn: a read-modify-write spanning more than `update` (use `get` and `write` inside). */
  turn<R>(id: string, work: () => Promise<R>): Promise<R> {
    return withDocument(this.model as unknown as Model<unknown>, id, work);
  }

  /** Writes the value (null deletes), skipping a write that changes nothing; call it inside the document's turn. */
  async write(id: string, value: T | null, before?: T | null): Promise<void> {
    if (value === null) {
      await this.model.deleteOne({ _id: id });
      return;
    }
    const state = JSON.stringify(value);
    if (before !== undefined && before !== null && JSON.stringify(before) === state) return;
    try {
      await this.model.updateOne({ _id: id }, { $set: { state } }, { upsert: true });
    } catch (error) {
      // Another process inserted it between the read and the upsert: it exists now, so update it.
      if (!isDuplicateKey(error)) throw error;
      await this.model.updateOne({ _id: id }, { $set: { state } });
    }
  }

  async delete(id: string): Promise<void> {
    await this.model.deleteOne({ _id: id });
  }

  async clear(): Promise<void> {
    await this.model.deleteMany({});
  }
}
