import { Inject, Injectable, Logger } from '@nestjs/common';
import type { SubmissionFields } from '@abide/contracts';
import { CommandHandler, CommandRunner, EventStore, ProjectionRunner, type StoredEvent } from '@abide/event-store';
import { LIBRARY_CONFIG, type LibraryConfig } from '../../config/env.schema';
import {
  type FileFacts,
  RESOURCE_PERSONAL_FIELDS,
  type ResourceCommand,
  resourceDecider,
  resourceMessages,
  type ResourceState,
} from '../domain/resource.decider';
import { ObjectStorage } from '../../files/files.port';
import { ResourceProjection } from '../projections/resource.projection';
import { ProcessingQueue } from './processing-queue';

export const resourceStreamId = (resourceId: string) => `resource-${resourceId}`;

export type Meta = { correlationId: string; causationId?: string | null };

/** Write side of resources: one stream per resource; every command checks who may do it (owner, moderator). */
@Injectable()
export class ResourceCommands {
  private readonly logger = new Logger(ResourceCommands.name);
  private readonly handler: CommandHandler<ResourceCommand, ResourceState>;

  constructor(
    private readonly eventStore: EventStore,
    runner: CommandRunner,
    private readonly projections: ProjectionRunner,
    private readonly objects: ObjectStorage,
    private readonly resources: ResourceProjection,
    private readonly queue: ProcessingQueue,
    @Inject(LIBRARY_CONFIG) private readonly config: LibraryConfig,
  ) {
    this.handler = new CommandHandler(runner, resourceDecider, {
      streamOf: (command) => resourceStreamId(command.resourceId),
      conflictMessage: resourceMessages.concurrency,
    });
  }

  async create(
    input: { resourceId: string; ownerId: string; fields: SubmissionFields; file: FileFacts; draft: boolean },
    meta: Meta,
  ): Promise<void> {
    const { events } = await this.handler.handle({ type: 'CreateResource', ...input }, meta);
    if (!input.draft) await this.enqueue(input.resourceId, events);
  }

  async updateDraft(
    userId: string,
    resourceId: string,
    fields: Partial<SubmissionFields>,
    file: FileFacts | undefined,
    meta: Meta,
  ): Promise<FileFacts | null> {
    const { before } = await this.handler.handle({ type: 'UpdateDraft', resourceId, userId, fields, file }, meta);
    // The draft's previous file is no longer referenced.
    const replaced = file && before.file ? before.file : null;
    if (replaced) await this.objects.remove('quarantine', replaced.storageKey).catch(() => undefined);
    return replaced;
  }

  async submitDraft(userId: string, resourceId: string, fields: SubmissionFields, meta: Meta): Promise<void> {
    const { events } = await this.handler.handle({ type: 'SubmitDraft', resourceId, userId, fields }, meta);
    await this.enqueue(resourceId, events);
  }

  async processed(
    resourceId: string,
    result: { pages: number | null; words: number; excerpt: string; storageKey: string },
    meta: Meta,
  ): Promise<void> {
    await this.handler.handle({ type: 'RecordProcessed', resourceId, ...result }, meta);
  }

  async processingFailed(resourceId: string, reason: string, meta: Meta): Promise<void> {
    await this.handler.handle({ type: 'RecordProcessingFailed', resourceId, reason }, meta);
  }

  async approve(moderatorId: string, resourceId: string, meta: Meta): Promise<void> {
    await this.handler.handle({ type: 'ApproveResource', resourceId, moderatorId, decidedAt: new Date().toISOString() }, meta);
  }

  async reject(moderatorId: string, resourceId: string, reason: string, meta: Meta): Promise<void> {
    await this.handler.handle({ type: 'RejectResource', resourceId, moderatorId, reason, decidedAt: new Date().toISOString() }, meta);
  }

  async report(reporterId: string, resourceId: string, reason: string, meta: Meta): Promise<void> {
    await this.handler.handle(
      { type: 'ReportResource', resourceId, reporterId, reason, threshold: this.config.LIBRARY_REPORT_THRESHOLD },
      meta,
    );
  }

  async downloaded(userId: string, resourceId: string, meta: Meta): Promise<void> {
    await this.handler.handle({ type: 'RecordDownload', resourceId, userId }, meta);
  }

  /** The resource's state: its stream head's snapshot, one keyed read however long its history. */
  async load(resourceId: string): Promise<ResourceState> {
    return (await this.eventStore.aggregate(resourceStreamId(resourceId), resourceDecider)).state;
  }

  /** The owner deletes a resource: the event first, then its objects (a retry finds nothing left to remove). */
  async delete(userId: string, resourceId: string, meta: Meta, system = false): Promise<void> {
    const { before } = await this.handler.handle({ type: 'DeleteResource', resourceId, userId, system }, meta);
    if (before.exists) await this.removeObjects(before);
  }

  /** Account deletion: every resource of the member goes (objects too), and the log keeps none of their words. */
  async purgeOwner(ownerId: string, meta: Meta): Promise<number> {
    const owned = await this.resources.model.find({ ownerId }, { _id: 1 }).lean<{ _id: string }[]>();
    for (const { _id } of owned) await this.delete(ownerId, _id, meta, true);
    // Objects of resources the read model never saw (a crash mid-upload) go too: keys start with the owner's id.
    for (const bucket of ['quarantine', 'store'] as const) {
      for (const key of await this.objects.list(bucket, `${ownerId}/`)) await this.objects.remove(bucket, key);
    }
    await this.projections.purgeSubject(ownerId);
    const erased = await this.eventStore.eraseSubjectData(ownerId, RESOURCE_PERSONAL_FIELDS);
    this.logger.log(`Purged ${owned.length} resource(s) of member ${ownerId} (${erased} personal field(s) erased from the log)`);
    return owned.length;
  }

  private async removeObjects(state: ResourceState): Promise<void> {
    const keys = new Set([state.file?.storageKey, state.storedKey].filter((k): k is string => !!k));
    for (const key of keys) {
      await this.objects.remove('quarantine', key).catch(() => undefined);
      await this.objects.remove('store', key).catch(() => undefined);
    }
  }

  private async enqueue(resourceId: string, appended: StoredEvent[]): Promise<void> {
    const submitted = appended.find((e) => e.type === 'library.resource.submitted');
    if (!submitted) return;
    // The submission is recorded; if Redis is away now, the processor's start-up sweep enqueues it later.
    await this.queue
      .add(resourceId, submitted.version)
      .catch((error: Error) => this.logger.warn({ resourceId, err: error.message }, 'could not enqueue processing'));
  }
}
