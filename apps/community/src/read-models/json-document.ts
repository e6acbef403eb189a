import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';

/**
 * A read model document kept as one JSON string: FerretDB v1 turns a large nested document into SQL JSON on every
 * read and write, and nothing queries inside these, so the string is much cheaper and grows without slowing down.
 */
export interface JsonDocument {
  _id: string;
  state: string;
}

export const jsonDocumentModel = (connection: Connection, name: string, collection: string): Model<JsonDocument> =>
  connection.model<JsonDocument>(
    name,
    new Schema<JsonDocument>(
      { _id: { type: String, required: true }, state: { type: String, required: true } },
      { collection, versionKey: false },
    ),
  );

/** One read by key; `empty` when the document does not exist yet. */
export const readJson = async <T>(model: Model<JsonDocument>, id: string, empty: () => T): Promise<T> => {
  const doc = await model.findById(id).lean<JsonDocument>();
  return doc ? (JSON.parse(doc.state) as T) : empty();
};

/** One write by key. */
export const writeJson = async <T>(model: Model<JsonDocument>, id: string, state: T): Promise<void> => {
  await model.updateOne({ _id: id }, { $set: { state: JSON.stringify(state) } }, { upsert: true });
};
