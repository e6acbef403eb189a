import { Inject, Injectable } from '@nestjs/common';
import { VersionedDocuments } from '@abide/event-store';
import { updateFrom } from '../../shared/update-from';
import type { EventTypesOf } from '@abide/contracts';
import type { Projection, StoredEvent } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import type { CurriculumContent } from '../domain/curriculum-content';

/** A church's curriculum as its list shows it. */
export interface CurriculumListEntry {
  title: string;
  archived: boolean;
  latestVersion: number | null;
  revision: number;
  publishedRevision: number;
  weeks: number;
  updatedAt: string;
  /** The curriculum stream's version last applied. */
  v: number;
}

/** An assignment as members' weeks are resolved from it (the church's assignments, one document). */
export interface ChurchAssignment {
  assignmentId: string;
  curriculumId: string;
  /** The assigned version's title and number of weeks. */
  title: string;
  version: number;
  weeks: number;
  audience: 'church' | 'groups';
  groupIds: string[];
  startDate: string;
  assignedAt: string;
  ended: boolean;
  v: number;
}

export interface PublishedVersion {
  content: CurriculumContent;
  publishedAt: string;
}

export const versionKey = (curriculumId: string, version: number) => `${curriculumId}@${version}`;

/**
 * Curricula's read models, each read by key: a church's list (`church_curricula`), each published version as it was
 * frozen (`curriculum_versions`, `{id}@{version}`), a church's assignments (`church_curriculum_assignments`, what a
 * member's week is resolved from) and each author's curricula (`curriculum_authors`, for "Download my data"). A
 * curriculum's draft and state are read from its stream head (one keyed read) instead.
 */
@Injectable()
export class CurriculumProjection implements Projection<EventTypesOf<'formation.curriculum.'>> {
  readonly name = 'curricula';
  readonly handles = [
    'formation.curriculum.created',
    'formation.curriculum.draft-saved',
    'formation.curriculum.published',
    'formation.curriculum.archived',
    'formation.curriculum.restored',
    'formation.curriculum.assigned',
    'formation.curriculum.assignment-ended',
  ] as const;
  readonly lists: VersionedDocuments<Record<string, CurriculumListEntry>>;
  readonly versions: VersionedDocuments<PublishedVersion>;
  readonly assignments: VersionedDocuments<Record<string, ChurchAssignment>>;
  readonly authors: VersionedDocuments<string[]>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.lists = new VersionedDocuments(connection, 'church_curricula');
    this.versions = new VersionedDocuments(connection, 'curriculum_versions');
    this.assignments = new VersionedDocuments(connection, 'church_curriculum_assignments');
    this.authors = new VersionedDocuments(connection, 'curriculum_authors');
  }

  async apply(event: StoredEvent<EventTypesOf<'formation.curriculum.'>>): Promise<void> {
    const { churchId, curriculumId } = event.data;
    const at = { updatedAt: event.occurredAt, v: event.version };
    const entry = (change: (e: CurriculumListEntry) => Partial<CurriculumListEntry>) =>
      updateFrom(this.lists, churchId, () => ({}), (list) => {
        const current = list[curriculumId];
        if (!current || current.v >= event.version) return list;
        return { ...list, [curriculumId]: { ...current, ...change(current), ...at } };
      });
    switch (event.type) {
      case 'formation.curriculum.created': {
        await updateFrom(this.lists, churchId, () => ({}), (list) =>
          list[curriculumId]
            ? list
            : {
                ...list,
                [curriculumId]: {
                  title: event.data.content.title,
                  archived: false,
                  latestVersion: null,
                  revision: 1,
                  publishedRevision: 0,
                  weeks: event.data.content.weeks.length,
                  ...at,
                },
              },
        );
        await updateFrom(this.authors, event.data.createdBy, () => [], (ids) => (ids.includes(curriculumId) ? ids : [...ids, curriculumId]));
        return;
      }
      case 'formation.curriculum.draft-saved':
        await entry((e) => ({ title: event.data.content.title, weeks: event.data.content.weeks.length, revision: e.revision + 1 }));
        return;
      case 'formation.curriculum.published':
        // A version is frozen: written once, never changed.
        await updateFrom(this.versions, versionKey(curriculumId, event.data.version), () => ({ content: event.data.content, publishedAt: event.occurredAt }), (v) => v);
        await entry((e) => ({ latestVersion: event.data.version, publishedRevision: e.revision }));
        return;
      case 'formation.curriculum.archived':
        await entry(() => ({ archived: true }));
        return;
      case 'formation.curriculum.restored':
        await entry(() => ({ archived: false }));
        return;
      case 'formation.curriculum.assigned': {
        const version = await this.versions.get(versionKey(curriculumId, event.data.version));
        const { assignmentId, audience, groupIds, startDate, assignedAt } = event.data;
        await updateFrom(this.assignments, churchId, () => ({}), (all) =>
          all[assignmentId]
            ? all
            : {
                ...all,
                [assignmentId]: {
                  assignmentId,
                  curriculumId,
                  title: version?.content.title ?? '',
                  version: event.data.version,
                  weeks: version?.content.weeks.length ?? 0,
                  audience,
                  groupIds,
                  startDate,
                  assignedAt,
                  ended: false,
                  v: event.version,
                },
              },
        );
        await entry(() => ({}));
        return;
      }
      case 'formation.curriculum.assignment-ended':
        await updateFrom(this.assignments, churchId, () => ({}), (all) => {
          const assignment = all[event.data.assignmentId];
          if (!assignment || assignment.v >= event.version) return all;
          return { ...all, [assignment.assignmentId]: { ...assignment, ended: true, v: event.version } };
        });
        await entry(() => ({}));
        return;
    }
  }

  /** The church's assignments (every state), one read. */
  async assignmentsOf(churchId: string): Promise<ChurchAssignment[]> {
    return Object.values((await this.assignments.get(churchId)) ?? {});
  }

  async version(curriculumId: string, version: number): Promise<PublishedVersion | null> {
    return this.versions.get(versionKey(curriculumId, version));
  }

  /** Account deletion: the curricula stay the church's; only the list of what the member wrote goes. */
  async purgeSubject(subjectId: string): Promise<void> {
    await this.authors.model.deleteOne({ _id: subjectId });
  }

  async reset(): Promise<void> {
    await Promise.all([this.lists.clear(), this.versions.clear(), this.assignments.clear(), this.authors.clear()]);
  }
}
