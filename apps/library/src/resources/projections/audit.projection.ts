import { Inject, Injectable } from '@nestjs/common';
import type { Projection, StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import { type AuditEntryView, auditEntrySchema } from './resource.schema';

/** The moderation audit trail: one entry per decision, keyed by the event id (a replay writes the same entry). */
@Injectable()
export class AuditProjection implements Projection<'library.resource.approved' | 'library.resource.rejected'> {
  readonly name = 'library-moderation-audit';
  readonly handles = ['library.resource.approved', 'library.resource.rejected'] as const;
  readonly model: Model<AuditEntryView>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.model = connection.models.AuditEntryView ?? connection.model<AuditEntryView>('AuditEntryView', auditEntrySchema);
  }

  async apply(event: StoredEvent<'library.resource.approved' | 'library.resource.rejected'>): Promise<void> {
    const d = event.data;
    const entry: Omit<AuditEntryView, '_id'> = {
      resourceId: d.resourceId,
      ownerId: d.ownerId,
      title: d.title,
      decision: event.type === 'library.resource.approved' ? 'approved' : 'rejected',
      reason: event.type === 'library.resource.rejected' ? event.data.reason : null,
      moderatorId: d.moderatorId,
      decidedAt: new Date(d.decidedAt),
    };
    await this.model.updateOne({ _id: event.id }, { $setOnInsert: entry }, { upsert: true }).catch((error: { code?: number }) => {
      if (error.code !== 11000) throw error;
    });
  }

  async purgeSubject(subjectId: string): Promise<void> {
    // The decisions stay (who decided what and when); the deleted member's titles and reasons go.
    await this.model.updateMany({ ownerId: subjectId }, { $set: { title: '', reason: null } });
  }

  async reset(): Promise<void> {
    await this.model.deleteMany({});
  }
}
