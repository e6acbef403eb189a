import { Inject, Injectable } from '@nestjs/common';
import { type EventTypesOf, libraryResourceEventTypes } from '@abide/contracts';
import { applyIfNewer, ERASED, type Projection, type StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import { type ResourceTextDoc, resourceTextSchema, type ResourceView, resourceViewSchema } from './resource.schema';

/** Keeps `library_resources` (read-your-writes after each append, healed on start, rebuildable from the log). */
@Injectable()
export class ResourceProjection implements Projection<EventTypesOf<'library.resource.'>> {
  readonly name = 'library-resources';
  readonly handles = libraryResourceEventTypes;
  readonly model: Model<ResourceView>;
  readonly texts: Model<ResourceTextDoc>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.model = connection.models.ResourceView ?? connection.model<ResourceView>('ResourceView', resourceViewSchema);
    this.texts = connection.models.ResourceTextDoc ?? connection.model<ResourceTextDoc>('ResourceTextDoc', resourceTextSchema);
  }

  async apply(event: StoredEvent<EventTypesOf<'library.resource.'>>): Promise<void> {
    const at = new Date(event.occurredAt);
    const id = event.data.resourceId;
    const set = (fields: Partial<ResourceView>, extra: Record<string, unknown> = {}) =>
      applyIfNewer(this.model, id, event.version, { ...extra, $set: { ...fields, updatedAt: at } });
    switch (event.type) {
      case 'library.resource.drafted':
      case 'library.resource.submitted': {
        const d = event.data;
        // An erased event belongs to a deleted account: its resource is a tombstone already.
        if (d.fields.title === ERASED) return;
        await set(
          {
            ownerId: d.ownerId,
            ...d.fields,
            fileName: d.file.fileName,
            fileType: d.file.fileType,
            fileSize: d.file.fileSize,
            sha256: d.file.sha256,
            storageKey: d.file.storageKey,
            stored: false,
            status: event.type === 'library.resource.drafted' ? 'draft' : 'processing',
            statusReason: null,
          },
          {
            $setOnInsert: {
              createdAt: at,
              downloads: 0,
              reports: [],
              text: '',
              deleted: false,
              pages: null,
              words: null,
              excerpt: null,
              reviewCause: null,
              queuedAt: null,
            },
          },
        );
        return;
      }
      case 'library.resource.draft-updated': {
        const d = event.data;
        const file = d.file
          ? {
              fileName: d.file.fileName,
              fileType: d.file.fileType,
              fileSize: d.file.fileSize,
              sha256: d.file.sha256,
              storageKey: d.file.storageKey,
            }
          : {};
        await set({ ...(d.fields as Partial<ResourceView>), ...file });
        return;
      }
      case 'library.resource.processed': {
        const d = event.data;
        const text = await this.texts.findById(id).lean<ResourceTextDoc>();
        await set({ pages: d.pages, words: d.words, excerpt: d.excerpt, storageKey: d.storageKey, stored: true, text: text?.text ?? '' });
        return;
      }
      case 'library.resource.processing-failed':
        await set({ status: 'failed', statusReason: event.data.reason });
        return;
      case 'library.resource.queued-for-review':
        await set({ status: 'in-review', statusReason: null, reviewCause: event.data.cause, queuedAt: at });
        return;
      case 'library.resource.published':
        await set({ status: 'approved', statusReason: null });
        return;
      case 'library.resource.approved':
        await set({ status: 'approved', statusReason: null, reviewCause: null, queuedAt: null, reports: [] });
        return;
      case 'library.resource.rejected':
        await set({ status: 'rejected', statusReason: event.data.reason, reviewCause: null, queuedAt: null });
        return;
      case 'library.resource.reported': {
        const d = event.data;
        await applyIfNewer(this.model, id, event.version, {
          $push: { reports: { reporterId: d.reporterId, reason: d.reason, reportedAt: at } },
          $set: { updatedAt: at },
        });
        return;
      }
      case 'library.resource.downloaded':
        // updatedAt stays: a download is not a change of the resource.
        await applyIfNewer(this.model, id, event.version, { $inc: { downloads: 1 } });
        return;
      case 'library.resource.deleted':
        await set({ deleted: true, title: '', description: '', tags: [], fileName: '', text: '', excerpt: null, reports: [] });
        return;
    }
  }

  async purgeSubject(subjectId: string): Promise<void> {
    await this.model.deleteMany({ ownerId: subjectId });
    await this.texts.deleteMany({ ownerId: subjectId });
  }

  async reset(): Promise<void> {
    await this.model.deleteMany({});
  }
}
