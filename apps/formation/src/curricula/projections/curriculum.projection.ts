import { Inject, Injectable } from '@nestjs/common';
import {
  EventStore,
  type Followed,
  type Projection,
  type StoredEvent,
  StreamOrderedDocuments,
  unchanged,
  VersionedDocuments,
} from '@abide/event-store';
import { updateFrom } from '../../shared/update-from';
import { dropRetiredCollections } from '@abide/platform';
import type { EventTypesOf } from '@abide/contracts';
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

/** Everything of one church's curricula that is read together, one document per church (`church_curricula_2`). */
interface ChurchCurricula {
  list: Record<string, CurriculumListEntry>;
  assignments: Record<string, ChurchAssignment>;
  /** Each published version's title and number of weeks (`{id}@{version}`), for the assignments made of it. */
  published: Record<string, { title: string; weeks: number }>;
}

const emptyChurchCurricula = (): ChurchCurricula => ({ list: {}, assignments: {}, published: {} });

const handled = (event: StoredEvent): boolean => event.type.startsWith('formation.curriculum.');

/**
 * Curricula's read models, each read by key: a church's list and assignments (what a member's week is resolved from),
 * one document per church fed by each of its curricula's streams in order (StreamOrderedDocuments: any number of
 * replicas at once, a later event only after the ones before it); each published version as it was frozen
 * (`curriculum_versions`, `{id}@{version}`) and each author's curricula (`curriculum_authors`, for "Download my
 * data"), both written once per key whatever the order. A curriculum's draft and state are read from its stream head
 * (one keyed read) instead.
 */
@Injectable()
export class CurriculumProjection implements Projection<EventTypesOf<'formation.curriculum.'>> {
  /**
   * Renamed when a church's list and assignments became one document applied in stream order (an older event is no
   * longer skipped once a later one is in): the first start that has it fills them again from the log.
   */
  readonly name = 'curricula-2';
  readonly backfill = true;
  readonly handles = [
    'formation.curriculum.created',
    'formation.curriculum.draft-saved',
    'formation.curriculum.published',
    'formation.curriculum.archived',
    'formation.curriculum.restored',
    'formation.curriculum.assigned',
    'formation.curriculum.assignment-ended',
  ] as const;
  private readonly churches: StreamOrderedDocuments<ChurchCurricula>;
  readonly versions: VersionedDocuments<PublishedVersion>;
  readonly authors: VersionedDocuments<string[]>;

  constructor(
    @Inject(MONGO_CONNECTION) private readonly connection: Connection,
    log: EventStore,
  ) {
    this.churches = new StreamOrderedDocuments(new VersionedDocuments<Followed<ChurchCurricula>>(connection, 'church_curricula_2'), log);
    this.versions = new VersionedDocuments(connection, 'curriculum_versions');
    this.authors = new VersionedDocuments(connection, 'curriculum_authors');
  }

  async apply(event: StoredEvent<EventTypesOf<'formation.curriculum.'>>): Promise<void> {
    const { curriculumId } = event.data;
    await this.churches.apply(event.data.churchId, event, changeChurchCurricula, handled);
    if (event.type === 'formation.curriculum.created') {
      await updateFrom(
        this.authors,
        event.data.createdBy,
        () => [],
        (ids) => (ids.includes(curriculumId) ? ids : [...ids, curriculumId]),
      );
    }
    if (event.type === 'formation.curriculum.published') {
      // A version is frozen: written once, never changed.
      await updateFrom(
        this.versions,
        versionKey(curriculumId, event.data.version),
        () => ({ content: event.data.content, publishedAt: event.occurredAt }),
        (v) => v,
      );
    }
  }

  /** The church's curricula as its list shows them, by id (one read). */
  async listOf(churchId: string): Promise<Record<string, CurriculumListEntry>> {
    return (await this.churches.value(churchId))?.list ?? {};
  }

  /** The church's assignments (every state), one read. */
  async assignmentsOf(churchId: string): Promise<ChurchAssignment[]> {
    return Object.values((await this.churches.value(churchId))?.assignments ?? {});
  }

  async version(curriculumId: string, version: number): Promise<PublishedVersion | null> {
    return this.versions.get(versionKey(curriculumId, version));
  }

  /** Account deletion: the curricula stay the church's; only the list of what the member wrote goes. */
  async purgeSubject(subjectId: string): Promise<void> {
    await this.authors.model.deleteOne({ _id: subjectId });
  }

  async reset(): Promise<void> {
    await Promise.all([this.churches.clear(), this.versions.clear(), this.authors.clear()]);
    await dropRetiredCollections(this.connection, 'church_curricula', 'church_curriculum_assignments');
  }
}

/**
 * What one event of a curriculum's stream makes of its church's document (each applied once, in the stream's order).
 * `v` on an entry or assignment is the stream's version it last followed (the follow-ups wait for it).
 */
const changeChurchCurricula = (value: ChurchCurricula | null, stored: StoredEvent): ChurchCurricula | typeof unchanged => {
  const event = stored as StoredEvent<EventTypesOf<'formation.curriculum.'>>;
  const doc = value ?? emptyChurchCurricula();
  const { curriculumId } = event.data;
  const at = { updatedAt: event.occurredAt, v: event.version };
  const entry = (change: (e: CurriculumListEntry) => Partial<CurriculumListEntry>): ChurchCurricula['list'] => {
    const current = doc.list[curriculumId];
    return current ? { ...doc.list, [curriculumId]: { ...current, ...change(current), ...at } } : doc.list;
  };
  switch (event.type) {
    case 'formation.curriculum.created': {
      const { content } = event.data;
      const created = {
        title: content.title,
        archived: false,
        latestVersion: null,
        revision: 1,
        publishedRevision: 0,
        weeks: content.weeks.length,
        ...at,
      };
      return { ...doc, list: { ...doc.list, [curriculumId]: created } };
    }
    case 'formation.curriculum.draft-saved':
      return {
        ...doc,
        list: entry((e) => ({ title: event.data.content.title, weeks: event.data.content.weeks.length, revision: e.revision + 1 })),
      };
    case 'formation.curriculum.published': {
      const { content, version } = event.data;
      return {
        ...doc,
        list: entry((e) => ({ latestVersion: version, publishedRevision: e.revision })),
        published: { ...doc.published, [versionKey(curriculumId, version)]: { title: content.title, weeks: content.weeks.length } },
      };
    }
    case 'formation.curriculum.archived':
      return { ...doc, list: entry(() => ({ archived: true })) };
    case 'formation.curriculum.restored':
      return { ...doc, list: entry(() => ({ archived: false })) };
    case 'formation.curriculum.assigned': {
      const { assignmentId, audience, groupIds, startDate, assignedAt, version } = event.data;
      const published = doc.published[versionKey(curriculumId, version)];
      const assignment: ChurchAssignment = {
        assignmentId,
        curriculumId,
        title: published?.title ?? '',
        version,
        weeks: published?.weeks ?? 0,
        audience,
        groupIds,
        startDate,
        assignedAt,
        ended: false,
        v: event.version,
      };
      return { ...doc, list: entry(() => ({})), assignments: { ...doc.assignments, [assignmentId]: assignment } };
    }
    case 'formation.curriculum.assignment-ended': {
      const assignment = doc.assignments[event.data.assignmentId];
      const assignments = assignment
        ? { ...doc.assignments, [assignment.assignmentId]: { ...assignment, ended: true, v: event.version } }
        : doc.assignments;
      return { ...doc, list: entry(() => ({})), assignments };
    }
    default:
      return unchanged;
  }
};
