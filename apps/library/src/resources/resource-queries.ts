import { Injectable } from '@nestjs/common';
import type { AuditEntry, Resource, ResourcePage, ReviewItem, ReviewQueue } from './resource-shapes';
import { DomainError } from '@abide/platform';
import type { FilterQuery } from 'mongoose';
import { Directory } from '../directory/directory';
import { AuditProjection } from './projections/audit.projection';
import type { AuditEntryView, ResourceView } from './projections/resource.schema';
import { ResourceProjection } from './projections/resource.projection';

export interface ListQuery {
  q?: string;
  category?: string;
  topic?: string;
  mine?: boolean;
  status?: string;
  page: number;
  pageSize: number;
}

const escapeRegex = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Spec §5: 'all' or empty means no filter. */
const filterValue = (value: string | undefined) => {
  const v = value?.trim();
  return v && v.toLowerCase() !== 'all' ? v : undefined;
};

const LIST_PROJECTION = { text: 0 } as const;

/** Read side of the library: what each caller may see, searched and paged on the server. */
@Injectable()
export class ResourceQueries {
  constructor(
    private readonly resources: ResourceProjection,
    private readonly audit: AuditProjection,
    private readonly directory: Directory,
  ) {}

  /** Approved public resources, approved resources of the caller's groups, and the caller's own approved ones. */
  private async visibleTo(callerId: string): Promise<FilterQuery<ResourceView>> {
    const groups = await this.directory.groupsOf(callerId);
    return {
      deleted: false,
      status: 'approved',
      $or: [{ visibility: 'public' }, { visibility: 'group', groupId: { $in: groups } }, { ownerId: callerId }],
    };
  }

  async list(callerId: string, query: ListQuery): Promise<ResourcePage> {
    const and: FilterQuery<ResourceView>[] = [
      query.mine ? { ownerId: callerId, deleted: false, ...(query.status ? { status: query.status } : {}) } : await this.visibleTo(callerId),
    ];
    const q = query.q?.trim();
    if (q) {
      const pattern = { $regex: escapeRegex(q), $options: 'i' };
      and.push({ $or: [{ title: pattern }, { description: pattern }, { tags: pattern }, { text: pattern }] });
    }
    const category = filterValue(query.category);
    if (category) and.push({ category });
    const topic = filterValue(query.topic);
    if (topic) and.push({ tags: { $regex: escapeRegex(topic.toLowerCase()), $options: 'i' } });
    const filter = and.length === 1 ? and[0] : { $and: and };
    const [total, views] = await Promise.all([
      this.resources.model.countDocuments(filter),
      this.resources.model
        .find(filter, LIST_PROJECTION)
        .sort({ createdAt: -1, _id: -1 })
        .skip((query.page - 1) * query.pageSize)
        .limit(query.pageSize)
        .lean<ResourceView[]>(),
    ]);
    return { items: await this.toResources(views, callerId), total, page: query.page, pageSize: query.pageSize, hasMore: query.page * query.pageSize < total };
  }

  /** One resource as its caller may see it: the owner always, others only what the library shows them (else 404). */
  async view(callerId: string, resourceId: string): Promise<ResourceView> {
    const mine = await this.resources.model.findOne({ _id: resourceId, deleted: false, ownerId: callerId }, LIST_PROJECTION).lean<ResourceView>();
    if (mine) return mine;
    const visible = await this.resources.model.findOne({ $and: [{ _id: resourceId }, await this.visibleTo(callerId)] }, LIST_PROJECTION).lean<ResourceView>();
    if (!visible) throw DomainError.notFound('This resource');
    return visible;
  }

  async one(callerId: string, resourceId: string): Promise<Resource> {
    const [resource] = await this.toResources([await this.view(callerId, resourceId)], callerId);
    return resource;
  }

  /** Any live resource, for moderators. */
  async forModerator(resourceId: string): Promise<ResourceView> {
    const view = await this.resources.model.findOne({ _id: resourceId, deleted: false }).lean<ResourceView>();
    if (!view || view.status === 'draft') throw DomainError.notFound('This resource');
    return view;
  }

  async reviewQueue(now = new Date()): Promise<ReviewQueue> {
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const [views, pending, reported, reviewedToday] = await Promise.all([
      this.resources.model.find({ deleted: false, status: 'in-review' }, LIST_PROJECTION).sort({ queuedAt: 1, _id: 1 }).limit(200).lean<ResourceView[]>(),
      this.resources.model.countDocuments({ deleted: false, status: 'in-review', reviewCause: 'submitted' }),
      this.resources.model.countDocuments({ deleted: false, status: 'in-review', reviewCause: 'reports' }),
      this.audit.model.countDocuments({ decidedAt: { $gte: dayStart } }),
    ]);
    const resources = await this.toResources(views, '');
    const items: ReviewItem[] = resources.map((r, i) => ({
      ...r,
      cause: views[i].reviewCause ?? 'submitted',
      queuedAt: (views[i].queuedAt ?? views[i].updatedAt).toISOString(),
      reports: (views[i].reports ?? []).map((report) => ({ reason: report.reason, reportedAt: new Date(report.reportedAt).toISOString() })),
    }));
    return { items, counts: { pending, reported, reviewedToday } };
  }

  async auditPage(page: number, pageSize: number): Promise<{ items: AuditEntry[]; total: number; page: number; pageSize: number }> {
    const [total, rows] = await Promise.all([
      this.audit.model.countDocuments({}),
      this.audit.model.find({}).sort({ decidedAt: -1, _id: -1 }).skip((page - 1) * pageSize).limit(pageSize).lean<AuditEntryView[]>(),
    ]);
    const names = await this.directory.namesOf(rows.map((r) => r.moderatorId));
    return {
      items: rows.map((r) => ({
        resourceId: r.resourceId,
        title: r.title,
        decision: r.decision,
        reason: r.reason ?? null,
        moderatorId: r.moderatorId,
        moderatorName: names.get(r.moderatorId) ?? null,
        decidedAt: r.decidedAt.toISOString(),
      })),
      total,
      page,
      pageSize,
    };
  }

  /** The caller's resources for "Download my data": metadata only. */
  async exportFor(ownerId: string): Promise<Resource[]> {
    const views = await this.resources.model.find({ ownerId, deleted: false }, LIST_PROJECTION).sort({ createdAt: 1 }).lean<ResourceView[]>();
    return this.toResources(views, ownerId);
  }

  async toResources(views: ResourceView[], callerId: string): Promise<Resource[]> {
    const [names, groups] = await Promise.all([
      this.directory.namesOf(views.map((v) => v.ownerId)),
      this.directory.groupNames(views.map((v) => v.groupId).filter((g): g is string => !!g)),
    ]);
    return views.map((v) => {
      const isOwner = v.ownerId === callerId;
      return {
        id: v._id,
        title: v.title,
        description: v.description,
        tags: v.tags ?? [],
        category: v.category,
        targetAudience: v.targetAudience as Resource['targetAudience'],
        visibility: v.visibility,
        groupId: v.groupId ?? null,
        groupName: v.groupId ? (groups.get(v.groupId) ?? null) : null,
        fileName: v.fileName,
        fileType: v.fileType,
        fileSize: v.fileSize,
        // FerretDB v1 leaves out fields an upsert set to null: absent means "not known yet".
        pages: v.pages ?? null,
        words: v.words ?? null,
        excerpt: v.excerpt ?? null,
        downloads: v.downloads,
        status: v.status,
        // Why it failed or was rejected is the owner's to read (and the moderators', who wrote it).
        statusReason: isOwner || callerId === '' ? (v.statusReason ?? null) : null,
        ownerId: v.ownerId,
        ownerName: names.get(v.ownerId) ?? null,
        isOwner,
        createdAt: v.createdAt.toISOString(),
        updatedAt: v.updatedAt.toISOString(),
      };
    });
  }
}
