import { Injectable } from '@nestjs/common';
import { EventStore } from '@abide/event-store';
import { curriculumStreamId } from './commands/curriculum-commands';
import { curriculumDecider } from './domain/curriculum.decider';
import { CurriculumProjection } from './projections/curriculum.projection';

/** The curricula a member created (drafts and published versions), for "Download my data". */
@Injectable()
export class CurriculaExport {
  constructor(
    private readonly curricula: CurriculumProjection,
    private readonly eventStore: EventStore,
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
    return { curricula };
  }
}
