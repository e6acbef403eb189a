import { Injectable } from '@nestjs/common';
import type { AuditEntry, Resource, ResourcePage, ReviewItem, ReviewQueue } from './resource-shapes';
import { DomainError } from '@abide/platform';
import { DirectoryQueries } from '../directory/directory.port';
import { AuditProjection } from './projections/audit.projection';
import {
  type CatalogueEntry,
  churchAudience,
  containsMatcher,
  entryToView,
  filterEntries,
  groupAudience,
  newestFirst,
  PUBLIC_AUDIENCE,
} from './projections/catalogue';
import { CatalogueProjection } from './projections/catalogue.projection';
import type { AuditEntryView, ResourceTextDoc, ResourceView } from './projections/resource.schema';
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

const LIST_PROJECTION = { text: 0 } as const;
/** Full texts read at once when a search must look past the part a catalogue keeps. */
const TEXT_READS_AT_ONCE = 16;

/** Read side of the library: what each caller may see, searched and paged on the server. */
@Injectable()
export class ResourceQueries {
  constructor(
    private readonly resources: ResourceProjection,
    private readonly catalogues: CatalogueProjection,
    private readonly audit: AuditProjection,
    private readonly directory: DirectoryQueries,
  ) {}

  /**
   * Approved public resources, approved resources of the caller's groups and churches, and the caller's own approved
   * ones: one keyed read each for the caller's groups and churches, then one per catalogue (public, each group, each
   * church, the caller's own), and one more
   * per audience for the texts when searching.
   */
  private async visibleEntries(callerId: string, withText: boolean): Promise<CatalogueEntry[]> {
    const [groups, churches] = await Promise.all([this.directory.groupsOf(callerId), this.directory.churchesOf(callerId)]);
    const [own, ...listed] = await Promise.all([
      this.catalogues.ownedBy(callerId),
      this.catalogues.listedFor(PUBLIC_AUDIENCE, withText),
      ...groups.map((g) => this.catalogues.listedFor(groupAudience(g), withText)),
      ...[...churches.keys()].map((c) => this.catalogues.listedFor(churchAudience(c), withText)),
    ]);
    const byId = new Map<string, CatalogueEntry>();
    for (const entry of listed.flat()) byId.set(entry.id, entry);
    for (const entry of own) if (entry.status === 'approved') byId.set(entry.id, entry);
    return [...byId.values()];
  }

  async list(callerId: string, query: ListQuery): Promise<ResourcePage> {
    const candidates = query.mine
      ? (await this.catalogues.ownedBy(callerId)).filter((e) => !query.status || e.status === query.status)
      : await this.visibleEntries(callerId, !!query.q?.trim());
    const { matched, unsure } = filterEntries(candidates, query);
    if (unsure.length) matched.push(...(await this.matchingFullText(unsure, query.q?.trim() ?? '')));
    matched.sort(newestFirst);
    const total = matched.length;
    const start = (query.page - 1) * query.pageSize;
    const views = matched.slice(start, start + query.pageSize).map(entryToView);
    return {
      items: await this.toResources(views, callerId),
      total,
      page: query.page,
      pageSize: query.pageSize,
      hasMore: query.page * query.pageSize < total,
    };
  }

  /** The entries whose whole text (longer than a catalogue keeps) contains the search words: reads by key. */
  private async matchingFullText(entries: readonly CatalogueEntry[], q: string): Promise<CatalogueEntry[]> {
    const contains = containsMatcher(q);
    const found: CatalogueEntry[] = [];
    for (let i = 0; i < entries.length; i += TEXT_READS_AT_ONCE) {
      const batch = entries.slice(i, i + TEXT_READS_AT_ONCE);
      const texts = await Promise.all(batch.map((e) => this.resources.texts.findById(e.id).lean<ResourceTextDoc>()));
      batch.forEach((e, j) => contains(texts[j]?.text) && found.push(e));
    }
    return found;
  }

  /** One resource as its caller may see it: the owner always, others only what the library shows them (else 404). */
  async view(callerId: string, resourceId: string): Promise<ResourceView> {
    const view = await this.resources.model.findById(resourceId, LIST_PROJECTION).lean<ResourceView>();
    if (!view || view.deleted) throw DomainError.notFound('This resource');
    if (view.ownerId === callerId) return view;
    if (view.status !== 'approved') throw DomainError.notFound('This resource');
    if (view.visibility === 'public') return view;
    if (view.visibility === 'group' && view.groupId && (await this.directory.groupsOf(callerId)).includes(view.groupId)) return view;
    // A church resource is for that church's members only (membership as the library learned it from community).
    if (view.visibility === 'church' && view.churchId && (await this.directory.churchesOf(callerId)).has(view.churchId)) return view;
    throw DomainError.notFound('This resource');
  }

  async one(callerId: string, resourceId: string): Promise<Resource> {
    const [resource] = await this.toResources([await this.view(callerId, resourceId)], callerId);
    return resource;
  }

  /** Any live resource, for moderators. */
  async forModerator(resourceId: string): Promise<ResourceView> {
    const view = await this.resources.model.findById(resourceId).lean<ResourceView>();
    if (!view || view.deleted || view.status === 'draft') throw DomainError.notFound('This resource');
    return view;
  }

  async reviewQueue(now = new Date()): Promise<ReviewQueue> {
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const [views, pending, reported, reviewedToday] = await Promise.all([
      this.resources.model
        .find({ deleted: false, status: 'in-review' }, LIST_PROJECTION)
        .sort({ queuedAt: 1, _id: 1 })
        .limit(200)
        .lean<ResourceView[]>(),
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
      this.audit.model
        .find({})
        .sort({ decidedAt: -1, _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<AuditEntryView[]>(),
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
    const views = await this.resources.model
      .find({ ownerId, deleted: false }, LIST_PROJECTION)
      .sort({ createdAt: 1 })
      .lean<ResourceView[]>();
    return this.toResources(views, ownerId);
  }

  async toResources(views: ResourceView[], callerId: string): Promise<Resource[]> {
    const [names, groups, churches] = await Promise.all([
      this.directory.namesOf(views.map((v) => v.ownerId)),
      this.directory.groupNames(views.map((v) => v.groupId).filter((g): g is string => !!g)),
      this.directory.churchNames(views.map((v) => v.churchId).filter((c): c is string => !!c)),
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
        churchId: v.churchId ?? null,
        churchName: v.churchId ? (churches.get(v.churchId) ?? null) : null,
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
