import type { EventType } from '@abide/contracts';
import { type Projection, type StoredEvent, withDocument } from '@abide/event-store';
import type { Connection, Model } from 'mongoose';
import { type JsonDocument, jsonDocumentModel, readJson, writeJson } from './json-document';

/**
 * A read model of one JSON document per key (see json-document.ts), fed by events: `keyOf` says which document an
 * event changes and `apply` changes it in place (false when it was applied before). Each document is read, changed and
 * written under its key's lock, so two events for one key never lose each other's change.
 */
export abstract class JsonProjection<D, T extends EventType> implements Projection<T> {
  abstract readonly name: string;
  abstract readonly handles: readonly T[];
  protected readonly model: Model<JsonDocument>;

  protected constructor(
    connection: Connection,
    modelName: string,
    collection: string,
    private readonly empty: () => D,
  ) {
    this.model = jsonDocumentModel(connection, modelName, collection);
  }

  protected abstract keyOf(event: StoredEvent<T>): string;
  protected abstract change(doc: D, event: StoredEvent<T>): boolean;

  async apply(event: StoredEvent<T>): Promise<void> {
    const key = this.keyOf(event);
    await withDocument(this.model as unknown as Model<unknown>, key, async () => {
      const doc = await this.read(key);
      if (this.change(doc, event)) await writeJson(this.model, key, doc);
    });
  }

  /** The document (empty before its first event): one read by key. */
  read(key: string): Promise<D> {
    return readJson(this.model, key, this.empty);
  }

  async reset(): Promise<void> {
    await this.model.deleteMany({});
  }
}
