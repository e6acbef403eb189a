import { Inject, Injectable } from '@nestjs/common';
import type { EventTypesOf } from '@abide/contracts';
import { applyInOrder, EventStore, type Projection, type StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import { type Connection, type Model, Schema, type UpdateQuery } from 'mongoose';
import type { ImportCounts } from '../domain/member-import.decider';

/** An import as its screens show it (`member_imports`, keyed by the import); the progress of a running one is the job's. */
export interface MemberImportView {
  _id: string;
  churchId: string;
  startedBy: string;
  fileName: string;
  rowCount: number;
  status: 'running' | 'done' | 'failed' | 'undone';
  counts: ImportCounts | null;
  accepted: number;
  startedAt: Date;
  finishedAt: Date | null;
  undoneAt: Date | null;
  failure: string | null;
  version: number;
}

const viewSchema = new Schema<MemberImportView>(
  {
    _id: { type: String, required: true },
    churchId: { type: String, required: true },
    startedBy: { type: String, required: true },
    fileName: { type: String, required: true },
    rowCount: { type: Number, required: true },
    status: { type: String, required: true },
    counts: { type: Schema.Types.Mixed, default: null },
    accepted: { type: Number, default: 0 },
    startedAt: { type: Date, required: true },
    finishedAt: { type: Date, default: null },
    undoneAt: { type: Date, default: null },
    failure: { type: String, default: null },
    version: { type: Number, required: true },
  },
  { collection: 'member_imports', versionKey: false },
);

/** A church's imports (`church_member_imports`, keyed by the church): its settings page lists them with one read. */
interface ChurchImportsDoc {
  _id: string;
  importIds: string[];
}

const churchImportsSchema = new Schema<ChurchImportsDoc>(
  { _id: { type: String, required: true }, importIds: { type: [String], default: [] } },
  { collection: 'church_member_imports', versionKey: false },
);

type ImportEvent = EventTypesOf<'identity.member-import.'>;

/**
 * The imports' screens: each import's view follows its stream, applied in order by conditional writes (applyInOrder),
 * so replicas applying one import's events at once lose none (an acceptance is counted once per event); the church's
 * list only ever gains an import, by an idempotent $addToSet.
 */
@Injectable()
export class MemberImportProjection implements Projection<ImportEvent> {
  /** Renamed when its events began to be applied in stream order by conditional writes: filled again from the log once. */
  readonly name = 'member-imports-2';
  readonly backfill = true;
  readonly handles = [
    'identity.member-import.started',
    'identity.member-import.completed',
    'identity.member-import.failed',
    'identity.member-import.undone',
    'identity.member-import.invitation-accepted',
  ] as const;
  readonly views: Model<MemberImportView>;
  private readonly churches: Model<ChurchImportsDoc>;

  constructor(
    @Inject(MONGO_CONNECTION) connection: Connection,
    private readonly log: EventStore,
  ) {
    this.views = connection.models.MemberImportView ?? connection.model<MemberImportView>('MemberImportView', viewSchema);
    this.churches = connection.models.ChurchMemberImports ?? connection.model<ChurchImportsDoc>('ChurchMemberImports', churchImportsSchema);
  }

  async apply(event: StoredEvent<ImportEvent>): Promise<void> {
    await applyInOrder(this.views, event.data.importId, event, this.log, importChange);
    if (event.type === 'identity.member-import.started') {
      await this.churches.updateOne({ _id: event.data.churchId }, { $addToSet: { importIds: event.data.importId } }, { upsert: true });
    }
  }

  find(importId: string): Promise<MemberImportView | null> {
    return this.views.findById(importId).lean<MemberImportView>();
  }

  /** A church's imports, newest first (ids are time-ordered). */
  async ofChurch(churchId: string): Promise<MemberImportView[]> {
    const ids = (await this.churches.findById(churchId).lean<ChurchImportsDoc>())?.importIds ?? [];
    const views = await Promise.all([...ids].sort().reverse().map((id) => this.find(id)));
    return views.filter((v): v is MemberImportView => v !== null);
  }

  /** Imports still running (the sweep that queues a lost job again); a scan of a small collection, every minute at most. */
  running(): Promise<MemberImportView[]> {
    return this.views.find({ status: 'running' }).lean<MemberImportView[]>();
  }

  async reset(): Promise<void> {
    await this.views.deleteMany({});
    await this.churches.deleteMany({});
  }
}

/**
 * What one event of an import's stream changes in its view (null: nothing, e.g. a join notice; the version moves on).
 * Each is applied once, in order, so an acceptance may count by $inc.
 */
const importChange = (event: StoredEvent): UpdateQuery<MemberImportView> | null => {
  const e = event as StoredEvent<EventTypesOf<'identity.member-import.'>>;
  const at = new Date(e.occurredAt);
  switch (e.type) {
    case 'identity.member-import.started': {
      const d = e.data;
      return { $set: { churchId: d.churchId, startedBy: d.startedBy, fileName: d.fileName, rowCount: d.rowCount, status: 'running', startedAt: at } };
    }
    case 'identity.member-import.completed':
      return { $set: { status: 'done', counts: e.data.counts, finishedAt: at } };
    case 'identity.member-import.failed':
      return { $set: { status: 'failed', failure: e.data.reason, finishedAt: at } };
    case 'identity.member-import.undone':
      return { $set: { status: 'undone', undoneAt: at } };
    case 'identity.member-import.invitation-accepted':
      return { $inc: { accepted: 1 } };
    default:
      return null;
  }
};
