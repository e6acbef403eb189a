import { Inject, Injectable } from '@nestjs/common';
import type { EventTypesOf } from '@abide/contracts';
import { applyIfNewer, type Projection, type StoredEvent, withDocument } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import { type Connection, type Model, Schema } from 'mongoose';
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

@Injectable()
export class MemberImportProjection implements Projection<ImportEvent> {
  readonly name = 'member-imports';
  readonly handles = [
    'identity.member-import.started',
    'identity.member-import.completed',
    'identity.member-import.failed',
    'identity.member-import.undone',
    'identity.member-import.invitation-accepted',
  ] as const;
  readonly views: Model<MemberImportView>;
  private readonly churches: Model<ChurchImportsDoc>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.views = connection.models.MemberImportView ?? connection.model<MemberImportView>('MemberImportView', viewSchema);
    this.churches = connection.models.ChurchMemberImports ?? connection.model<ChurchImportsDoc>('ChurchMemberImports', churchImportsSchema);
  }

  async apply(event: StoredEvent<ImportEvent>): Promise<void> {
    const id = event.data.importId;
    const at = new Date(event.occurredAt);
    switch (event.type) {
      case 'identity.member-import.started': {
        const d = event.data;
        await applyIfNewer(this.views, id, event.version, {
          $set: { churchId: d.churchId, startedBy: d.startedBy, fileName: d.fileName, rowCount: d.rowCount, status: 'running', startedAt: at },
        });
        await withDocument(this.churches as never, d.churchId, async () => {
          await this.churches.updateOne({ _id: d.churchId }, { $addToSet: { importIds: id } }, { upsert: true });
        });
        return;
      }
      case 'identity.member-import.completed':
        await applyIfNewer(this.views, id, event.version, { $set: { status: 'done', counts: event.data.counts, finishedAt: at } });
        return;
      case 'identity.member-import.failed':
        await applyIfNewer(this.views, id, event.version, { $set: { status: 'failed', failure: event.data.reason, finishedAt: at } });
        return;
      case 'identity.member-import.undone':
        await applyIfNewer(this.views, id, event.version, { $set: { status: 'undone', undoneAt: at } });
        return;
      case 'identity.member-import.invitation-accepted':
        // A count kept by reading and writing the one document (FerretDB's $inc is slow); in the stream's turn.
        await withDocument(this.views as never, id, async () => {
          const view = await this.views.findById(id, { accepted: 1, version: 1 }).lean<Pick<MemberImportView, 'accepted' | 'version'>>();
          if (!view || view.version >= event.version) return;
          await this.views.updateOne({ _id: id }, { $set: { accepted: view.accepted + 1, version: event.version } });
        });
        return;
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
