import { Inject, Injectable } from '@nestjs/common';
import type { Connection } from 'mongoose';
import { type CurriculumWorkingCopy, Refusal, type SaveCurriculumWorkingCopyRequest } from '@abide/contracts';
import { unchanged, VersionedDocuments } from '@abide/event-store';
import { MONGO_CONNECTION } from '@abide/platform';
import { putWorkingCopy, type WorkingCopies, withoutWorkingCopy } from './domain/working-copy';

/**
 * Authors' edits kept while they type (`curriculum_working_copies`, one document per author, keyed by user id), so a
 * closed tab or a crash loses nothing before Save draft. Not events: a scratch pad nobody else reads, replaced every
 * few seconds. Every write is a compare-and-set on the document's revision, so replicas writing at once lose nothing.
 */
@Injectable()
export class CurriculumWorkingCopies {
  private readonly copies: VersionedDocuments<WorkingCopies>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.copies = new VersionedDocuments(connection, 'curriculum_working_copies');
  }

  async of(authorId: string, curriculumId: string): Promise<CurriculumWorkingCopy | null> {
    return (await this.copies.get(authorId))?.[curriculumId] ?? null;
  }

  /** 409 when the copy changed since the caller's `copyRevision` (another window of theirs wrote it). */
  async put(authorId: string, curriculumId: string, input: SaveCurriculumWorkingCopyRequest, now = new Date()): Promise<CurriculumWorkingCopy> {
    // A refusal is only decided on the stored row: left unchanged, update reads it afresh and asks again, so the last
    // answer stands (a row this process remembers may be out of date).
    let refusal = null as Refusal | null;
    const written = await this.copies.update(authorId, (copies) => {
      const next = putWorkingCopy(copies ?? {}, curriculumId, input, now.toISOString());
      refusal = next instanceof Refusal ? next : null;
      return next instanceof Refusal ? unchanged : next;
    });
    if (refusal) throw refusal;
    return written![curriculumId];
  }

  async discard(authorId: string, curriculumId: string): Promise<void> {
    await this.copies.update(authorId, (copies) => (copies?.[curriculumId] ? withoutWorkingCopy(copies, curriculumId) : unchanged));
  }

  /** All of the author's kept edits, for "Download my data". */
  async allOf(authorId: string): Promise<WorkingCopies> {
    return (await this.copies.get(authorId)) ?? {};
  }

  /** Account deletion. */
  async forget(authorId: string): Promise<void> {
    await this.copies.model.deleteOne({ _id: authorId });
  }
}
