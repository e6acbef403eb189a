import { Inject, Injectable } from '@nestjs/common';
import { curriculumMessages as m, type CurriculumWorkingCopy, errorCodes, Refusal, type SaveCurriculumWorkingCopyRequest } from '@abide/contracts';
import { CommandHandler, CommandRunner, EventStore } from '@abide/event-store';
import { localDateOf, type LocalDate } from '@abide/calendar';
import { v7 as uuidv7 } from 'uuid';
import { CLOCK, type Clock } from '../../config/clock';
import { ChurchFacts } from '../../churches/churches.port';
import type { CommandMeta } from '../../members/members.port';
import { startDateProblem } from '../domain/assignment-weeks';
import { type ContentInput, copyOf, normaliseContent } from '../domain/curriculum-content';
import { assertExists, type CurriculumCommand, curriculumDecider, type CurriculumState } from '../domain/curriculum.decider';
import { CurriculumWorkingCopies } from '../working-copies';

export const curriculumStreamId = (curriculumId: string) => `curriculum-${curriculumId}`;
const TITLE_MAX = 120;

/**
 * Write side of curricula. Who may act is checked here, on formation's directory of church roles (learnt from
 * community's events: a brand-new admin may wait a moment for theirs); what may happen to the curriculum is the
 * decider's. A curriculum belongs to one church; only that church's admins change it.
 */
@Injectable()
export class CurriculumCommands {
  private readonly curricula: CommandHandler<CurriculumCommand, CurriculumState>;

  constructor(
    private readonly eventStore: EventStore,
    runner: CommandRunner,
    private readonly directory: ChurchFacts,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly workingCopies: CurriculumWorkingCopies,
  ) {
    this.curricula = new CommandHandler(runner, curriculumDecider, {
      streamOf: (command) => curriculumStreamId(command.curriculumId),
      conflictMessage: 'This curriculum changed at the same moment elsewhere. Please try again.',
    });
  }

  /** 403 for anyone but the church's admins (members and outsiders alike: curricula are not public). */
  async requireAdmin(userId: string, churchId: string): Promise<void> {
    if ((await this.directory.roleOf(userId, churchId)) !== 'admin') throw new Refusal(errorCodes.forbidden, m.adminsOnly);
  }

  /** The curriculum's state (404 when there is none), for a caller who must be its church's admin. */
  async loadAsAdmin(userId: string, curriculumId: string): Promise<CurriculumState> {
    const state = await this.load(curriculumId);
    await this.requireAdmin(userId, state.churchId);
    return state;
  }

  async load(curriculumId: string): Promise<CurriculumState> {
    const { state } = await this.eventStore.aggregate(curriculumStreamId(curriculumId), curriculumDecider);
    assertExists(state);
    return state;
  }

  async create(by: string, input: { churchId: string; title: string; description: string }, meta: CommandMeta): Promise<string> {
    await this.requireAdmin(by, input.churchId);
    const curriculumId = uuidv7();
    const content = { title: input.title.trim(), description: input.description.trim(), weeks: [] };
    await this.curricula.handle(
      { type: 'CreateCurriculum', curriculumId, churchId: input.churchId, createdBy: by, content, duplicatedFrom: null },
      meta,
    );
    return curriculumId;
  }

  /** A copy of the draft as a new curriculum of the same church, titled "Copy of …", with ids of its own. */
  async duplicate(by: string, sourceId: string, meta: CommandMeta): Promise<string> {
    const source = await this.loadAsAdmin(by, sourceId);
    const curriculumId = uuidv7();
    const content = copyOf(source.draft, `Copy of ${source.draft.title}`.slice(0, TITLE_MAX));
    const duplicatedFrom = { curriculumId: sourceId, version: null };
    await this.curricula.handle(
      { type: 'CreateCurriculum', curriculumId, churchId: source.churchId, createdBy: by, content, duplicatedFrom },
      meta,
    );
    return curriculumId;
  }

  /** Saves the whole draft; references that are no scripture are 400s naming their field, nothing is saved then. */
  async saveDraft(by: string, curriculumId: string, input: ContentInput & { revision: number }, meta: CommandMeta): Promise<void> {
    await this.loadAsAdmin(by, curriculumId);
    const { content, problems } = normaliseContent(input);
    if (problems.length > 0) throw Refusal.fields(problems);
    await this.curricula.handle({ type: 'SaveCurriculumDraft', curriculumId, by, revision: input.revision, content }, meta);
    // Saved for everyone: the author's kept edits are what they just saved.
    await this.workingCopies.discard(by, curriculumId);
  }

  /** Keeps the author's unsaved edits (their church's admins only; 409 when another window of theirs wrote since). */
  async keepWorkingCopy(by: string, curriculumId: string, input: SaveCurriculumWorkingCopyRequest): Promise<CurriculumWorkingCopy> {
    const state = await this.loadAsAdmin(by, curriculumId);
    if (state.archived) throw new Refusal(errorCodes.conflict, m.archived);
    return this.workingCopies.put(by, curriculumId, input, this.clock());
  }

  async discardWorkingCopy(by: string, curriculumId: string): Promise<void> {
    await this.loadAsAdmin(by, curriculumId);
    await this.workingCopies.discard(by, curriculumId);
  }

  async publish(by: string, curriculumId: string, meta: CommandMeta): Promise<void> {
    await this.loadAsAdmin(by, curriculumId);
    await this.curricula.handle({ type: 'PublishCurriculum', curriculumId, by }, meta);
  }

  async archive(by: string, curriculumId: string, meta: CommandMeta): Promise<void> {
    const state = await this.loadAsAdmin(by, curriculumId);
    const today = await this.churchToday(state.churchId);
    await this.curricula.handle({ type: 'ArchiveCurriculum', curriculumId, by, today }, meta);
  }

  async restore(by: string, curriculumId: string, meta: CommandMeta): Promise<void> {
    await this.loadAsAdmin(by, curriculumId);
    await this.curricula.handle({ type: 'RestoreCurriculum', curriculumId, by }, meta);
  }

  /** Assigns the latest published version to the whole church or to some of its groups from a Sunday on. */
  async assign(
    by: string,
    curriculumId: string,
    input: { audience: 'church' | 'groups'; groupIds: string[]; startDate: LocalDate },
    meta: CommandMeta,
  ): Promise<string> {
    const state = await this.loadAsAdmin(by, curriculumId);
    const problem = startDateProblem(input.startDate, await this.churchToday(state.churchId));
    if (problem) throw new Refusal(errorCodes.validationFailed, problem, 'startDate');
    if (input.audience === 'groups') {
      if (input.groupIds.length === 0) throw new Refusal(errorCodes.validationFailed, m.groupsRequired, 'groupIds');
      const groups = await this.directory.groupFacts(input.groupIds);
      const outside = input.groupIds.findIndex((id) => groups.get(id)?.churchId !== state.churchId);
      if (outside >= 0) throw new Refusal(errorCodes.validationFailed, m.groupNotInChurch, `groupIds.${outside}`);
    }
    const assignmentId = uuidv7();
    await this.curricula.handle({ type: 'AssignCurriculum', curriculumId, assignmentId, ...input, by, now: this.clock() }, meta);
    return assignmentId;
  }

  async endAssignment(by: string, curriculumId: string, assignmentId: string, meta: CommandMeta): Promise<void> {
    await this.loadAsAdmin(by, curriculumId);
    await this.curricula.handle({ type: 'EndCurriculumAssignment', curriculumId, assignmentId, by }, meta);
  }

  /** Today in the church's time zone (UTC until formation has learnt the church). */
  async churchToday(churchId: string): Promise<LocalDate> {
    return localDateOf(this.clock(), (await this.directory.church(churchId))?.timeZone ?? 'UTC');
  }
}
