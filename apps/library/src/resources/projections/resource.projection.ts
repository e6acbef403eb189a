import { Inject, Injectable } from '@nestjs/common';
import { type EventTypesOf, libraryResourceEventTypes } from '@abide/contracts';
import { applyInOrder, ERASED, EventStore, type Projection, type StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model, UpdateQuery } from 'mongoose';
import { type ResourceTextDoc, resourceTextSchema, type ResourceView, resourceViewSchema } from './resource.schema';

type ResourceEvent = StoredEvent<EventTypesOf<'library.resource.'>>;

/** A drafted or submitted event whose words were erased with its owner's account: its resource is a tombstone already. */
const isErasedCreation = (event: ResourceEvent): boolean =>
  (event.type === 'library.resource.drafted' || event.type === 'library.resource.submitted') && event.data.fields.title === ERASED;

/**
 * Keeps `library_resources` (read-your-writes after each append, healed on start, rebuildable from the log): every
 * event of a resource's stream applied once and in order by a conditional write on the document's version
 * (applyInOrder), so replicas applying one resource's events at the same moment never lose or repeat one (a download
 * counted, a report pushed), and an event handed over before an earlier one waits for nothing and skips nothing.
 */
@Injectable()
export class ResourceProjection implements Projection<EventTypesOf<'library.resource.'>> {
  /**
   * Renamed when its events began to be applied in stream order by conditional writes: the first start that has it
   * fills `library_resources` again from the log, mending any document an older writer left short.
   */
  readonly name = 'library-resources-2';
  readonly backfill = true;
  readonly handles = libraryResourceEventTypes;
  readonly model: Model<ResourceView>;
  readonly texts: Model<ResourceTextDoc>;

  constructor(
    @Inject(MONGO_CONNECTION) connection: Connection,
    private readonly log: EventStore,
  ) {
    this.model = connection.models.ResourceView ?? connection.model<ResourceView>('ResourceView', resourceViewSchema);
    this.texts = connection.models.ResourceTextDoc ?? connection.model<ResourceTextDoc>('ResourceTextDoc', resourceTextSchema);
  }

  async apply(event: ResourceEvent): Promise<void> {
    // Nothing is written for an erased creation (no document of nothing); a later event reads it from the log again.
    if (isErasedCreation(event)) return;
    await applyInOrder(this.model, event.data.resourceId, event, this.log, (next) => this.change(next as ResourceEvent));
  }

  /** What one event changes in the resource's view; null when nothing (only the version moves on). */
  private async change(event: ResourceEvent): Promise<UpdateQuery<ResourceView> | null> {
    const at = new Date(event.occurredAt);
    const set = (fields: Partial<ResourceView>, extra: Record<string, unknown> = {}): UpdateQuery<ResourceView> => ({
      ...extra,
      $set: { ...fields, updatedAt: at },
    });
    switch (event.type) {
      case 'library.resource.drafted':
      case 'library.resource.submitted': {
        const d = event.data;
        if (isErasedCreation(event)) return null;
        return set(
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
        return set({ ...(d.fields as Partial<ResourceView>), ...file });
      }
      case 'library.resource.processed': {
        const d = event.data;
        const text = await this.texts.findById(d.resourceId).lean<ResourceTextDoc>();
        return set({ pages: d.pages, words: d.words, excerpt: d.excerpt, storageKey: d.storageKey, stored: true, text: text?.text ?? '' });
      }
      case 'library.resource.processing-failed':
        return set({ status: 'failed', statusReason: event.data.reason });
      case 'library.resource.queued-for-review':
        return set({ status: 'in-review', statusReason: null, reviewCause: event.data.cause, queuedAt: at });
      case 'library.resource.published':
        return set({ status: 'approved', statusReason: null });
      case 'library.resource.approved':
        return set({ status: 'approved', statusReason: null, reviewCause: null, queuedAt: null, reports: [] });
      case 'library.resource.rejected':
        return set({ status: 'rejected', statusReason: event.data.reason, reviewCause: null, queuedAt: null });
      case 'library.resource.reported': {
        const d = event.data;
        // Applied once each and in order (applyInOrder), so pushing is exact.
        return { $push: { reports: { reporterId: d.reporterId, reason: d.reason, reportedAt: at } }, $set: { updatedAt: at } };
      }
      case 'library.resource.downloaded':
        // updatedAt stays: a download is not a change of the resource. Counted once per event (applyInOrder).
        return { $inc: { downloads: 1 } };
      case 'library.resource.deleted':
        return set({ deleted: true, title: '', description: '', tags: [], fileName: '', text: '', excerpt: null, reports: [] });
      default:
        return null;
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
