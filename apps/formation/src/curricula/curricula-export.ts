import { Injectable } from '@nestjs/common';
import { EventStore } from '@abide/event-store';
import { curriculumStreamId } from './commands/curriculum.commands';
import { curriculumDecider } from './domain/curriculum.decider';
import { CurriculumProjection } from './projections/curriculum.projection';
import { CurriculumWorkingCopies } from './working-copies';

/** What the export holds of the curricula a member wrote: each with its versions, and their unsaved edits. */
export type CurriculaOfAuthor = Awaited<ReturnType<CurriculaExport['forUser']>>;

/** The curricula a member created (drafts and published versions) and their unsaved edits, for "Download my data". */
@Injectable()
export class CurriculaExport {
  constructor(
    private readonly curricula: CurriculumProjection,
    private readonly eventStore: EventStore,
    private readonly workingCopies: CurriculumWorkingCopies,
  ) {}

  async forUser(userId: string) {
    const ids = (await this.curricula.authors.get(userId)) ?? [];
    const curricula = await Promise.all(
      ids.map(async (id) => {
        const { state } = await this.eventStore.aggregate(curriculumStreamId(id), curriculumDecider);
        const versions = await Promise.all(
          Object.keys(state.versions).map(async (v) => ({ version: Number(v), ...(await this.curricula.version(id, Number(v))) })),
        );
        return { id, churchId: state.churchId, createdAt: state.createdAt, archived: state.archived, draft: state.draft, versions };
      }),
    );
    // Edits they kept but never saved, of any curriculum (theirs or another admin's), by curriculum id.
    return { curricula, unsavedEdits: await this.workingCopies.allOf(userId) };
  }
}
