import type { EventType } from '@abide/contracts';
import type { Connection } from 'mongoose';
import { dropRetiredCollections } from '@abide/platform';
import type { EventStore } from '../event-store';
import type { Projection } from './projection';
import type { StoredEvent } from '../stored-event';
import { type Followed, StreamOrderedDocuments } from '../read-models/stream-order';
import { unchanged, VersionedDocuments } from '../read-models/versioned-documents';

/**
 * A read model of one JSON document per key, fed by this service's own streams: `keyOf` says which document an event
 * changes and `change` edits the document it is given (false when it changed nothing). Each document is written by
 * compare-and-set and applies each stream's events in their order, the ones it missed read from the log first
 * (StreamOrderedDocuments), so replicas applying events of one document at the same moment all land, and a later event
 * handed over before an earlier one waits for nothing and skips nothing. A stream may feed several documents (a
 * group's stream, each member's groups): each document takes only the events of the types it handles and its key.
 */
export abstract class OrderedJsonProjection<D, T extends EventType> implements Projection<T> {
  abstract readonly name: string;
  abstract readonly handles: readonly T[];
  protected readonly documents: StreamOrderedDocuments<D>;
  /** The same documents as stored (value and positions), for a change that comes from no stream (account deletion). */
  protected readonly rows: VersionedDocuments<Followed<D>>;

  protected constructor(
    protected readonly connection: Connection,
    collection: string,
    log: EventStore,
    private readonly empty: () => D,
    /** Where this read model was kept before its current shape: dropped when it is first filled (see `reset`). */
    private readonly retired: readonly string[] = [],
  ) {
    this.rows = new VersionedDocuments<Followed<D>>(connection, collection);
    this.documents = new StreamOrderedDocuments<D>(this.rows, log);
  }

  protected abstract keyOf(event: StoredEvent<T>): string;
  protected abstract change(doc: D, event: StoredEvent<T>): boolean | Promise<boolean>;

  /** After an event is applied (or found applied before): what else must follow a write of this read model. */
  protected afterApply(_event: StoredEvent<T>): Promise<void> {
    return Promise.resolve();
  }

  async apply(event: StoredEvent<T>): Promise<void> {
    const key = this.keyOf(event);
    await this.documents.apply(
      key,
      event as StoredEvent,
      async (value, next) => {
        const doc = value ?? this.empty();
        return (await this.change(doc, next as StoredEvent<T>)) ? doc : unchanged;
      },
      (next) => (this.handles as readonly string[]).includes(next.type) && this.keyOf(next as StoredEvent<T>) === key,
    );
    await this.afterApply(event);
  }

  /** The document (empty before its first event): one read by key. */
  async read(key: string): Promise<D> {
    return (await this.documents.value(key)) ?? this.empty();
  }

  /**
   * The document once it has applied `event` (read-your-writes right after a command): no round trip when this
   * process just wrote it that far (StreamOrderedDocuments.valueIncluding), else one read by key.
   */
  async readIncluding(key: string, event: Pick<StoredEvent, 'streamId' | 'version'>): Promise<D> {
    return (await this.documents.valueIncluding(key, event)) ?? this.empty();
  }

  async reset(): Promise<void> {
    await this.documents.clear();
    await dropRetiredCollections(this.connection, ...this.retired);
  }
}
