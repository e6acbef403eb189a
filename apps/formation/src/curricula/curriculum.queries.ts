import { Injectable } from '@nestjs/common';
import {
  type CurriculumAssignment,
  type CurriculumDetail,
  curriculumMessages as m,
  type CurriculumProgress,
  type CurriculumSummary,
  type CurriculumWeekPreview,
  errorCodes,
  Refusal,
} from '@abide/contracts';
import { weekdayNames, weekStartOf, type LocalDate } from '@abide/calendar';
import { ChurchFacts } from '../churches/churches.port';
import { CurriculumCommands } from './commands/curriculum.commands';
import { CurriculumWeeks } from './curriculum-weeks';
import { assignmentState, endDateOf } from './domain/assignment-weeks';
import { type CurriculumContent, weekScriptures } from './domain/curriculum-content';
import { activeAssignments, type AssignmentState, type CurriculumState } from './domain/curriculum.decider';
import { progressKey } from './domain/progress-contribution';
import { type CurriculumListEntry, CurriculumProjection } from './projections/curriculum.projection';
import { CurriculumProgressProjection } from './projections/curriculum-progress.projection';
import { CurriculumWorkingCopies } from './working-copies';

const notFound = (what: string) => new Refusal(errorCodes.notFound, `${what} was not found.`);

const statusOf = (e: { archived: boolean; latestVersion: number | null }) => (e.archived ? 'archived' : e.latestVersion ? 'published' : 'draft');

/** Curricula as their screens read them; every read checks the caller's church role first. */
@Injectable()
export class CurriculumQueries {
  constructor(
    private readonly commands: CurriculumCommands,
    private readonly curricula: CurriculumProjection,
    private readonly progressFigures: CurriculumProgressProjection,
    private readonly weeks: CurriculumWeeks,
    private readonly directory: ChurchFacts,
    private readonly workingCopies: CurriculumWorkingCopies,
  ) {}

  /** The church's curricula (admins), most recently changed first. */
  async list(caller: string, churchId: string): Promise<CurriculumSummary[]> {
    await this.commands.requireAdmin(caller, churchId);
    const [entries, assignments, today] = await Promise.all([
      this.curricula.listOf(churchId),
      this.curricula.assignmentsOf(churchId),
      this.commands.churchToday(churchId),
    ]);
    return Object.entries(entries)
      .map(([id, e]) => this.summaryOf(id, churchId, e, assignments.filter((a) => a.curriculumId === id), today))
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }

  async detail(caller: string, curriculumId: string): Promise<CurriculumDetail> {
    const s = await this.commands.loadAsAdmin(caller, curriculumId);
    const [church, churchGroups, today, workingCopy] = await Promise.all([
      this.directory.church(s.churchId),
      this.directory.groupsOf(s.churchId),
      this.commands.churchToday(s.churchId),
      this.workingCopies.of(caller, curriculumId),
    ]);
    const assigned = Object.values(s.assignments);
    const groupNames = await this.directory.groupFacts(assigned.flatMap((a) => a.groupIds));
    return {
      ...this.summaryOfState(s, today),
      description: s.draft.description,
      churchName: church?.name ?? '',
      churchTimeZone: church?.timeZone ?? 'UTC',
      currentWeekStart: weekStartOf(today),
      revision: s.revision,
      draft: s.draft,
      versions: Object.entries(s.versions)
        .map(([version, v]) => ({ version: Number(version), publishedAt: v.publishedAt, weeks: v.weeks }))
        .sort((a, b) => b.version - a.version),
      assignments: assigned
        .sort((a, b) => b.assignedAt.localeCompare(a.assignedAt))
        .map((a) => this.assignmentOf(a, today, (id) => groupNames.get(id)?.name ?? 'A group')),
      churchGroups: churchGroups.map((g) => ({ id: g.groupId, name: g.name })),
      workingCopy,
    };
  }

  /**
   * A week as members see it in their plan. Admins may look at the draft or any published version; a member only at
   * the version assigned to them (403 otherwise, as for an outsider).
   */
  async week(caller: string, curriculumId: string, week: number, requested?: string): Promise<CurriculumWeekPreview> {
    const s = await this.commands.load(curriculumId);
    const admin = (await this.directory.roleOf(caller, s.churchId)) === 'admin';
    let version: number | null;
    if (admin) {
      version = requested === 'draft' ? null : requested ? Number(requested) : s.published || null;
    } else {
      const mine = (await this.weeks.reaching(caller)).filter((a) => a.curriculumId === curriculumId && !a.ended);
      const assigned = mine.sort((a, b) => b.assignedAt.localeCompare(a.assignedAt))[0];
      if (!assigned || requested === 'draft' || (requested && Number(requested) !== assigned.version)) {
        throw new Refusal(errorCodes.forbidden, m.notAssigned);
      }
      version = assigned.version;
    }
    const content = version === null ? s.draft : (await this.curricula.version(curriculumId, version))?.content;
    if (!content) throw notFound(`Version ${version} of this curriculum`);
    const shown = content.weeks[week - 1];
    if (!shown) throw notFound(m.week);
    return {
      curriculumId,
      title: content.title,
      version,
      week,
      weeks: content.weeks.length,
      weekTitle: shown.title,
      summary: shown.summary,
      scriptures: weekScriptures(shown),
      days: weekdayNames.map((day, dayIndex) => ({ day, dayIndex, activities: shown.days[dayIndex]?.activities ?? [] })),
    };
  }

  /** Per week of the latest published version: members following it who share progress, and activities they did. */
  async progress(caller: string, curriculumId: string): Promise<CurriculumProgress> {
    const s = await this.commands.loadAsAdmin(caller, curriculumId);
    const content: CurriculumContent | undefined = s.published ? (await this.curricula.version(curriculumId, s.published))?.content : undefined;
    const weeks = content?.weeks ?? [];
    const figures = await this.progressFigures.figures(weeks.map((_, i) => progressKey(s.churchId, curriculumId, i + 1)));
    return {
      curriculumId,
      weeks: weeks.map((week, i) => {
        const f = figures.get(progressKey(s.churchId, curriculumId, i + 1));
        return {
          week: i + 1,
          title: week.title,
          members: f?.members ?? 0,
          done: f?.done ?? 0,
          activities: week.days.flatMap((day, dayIndex) =>
            day.activities.map((a) => ({ id: a.id, name: a.name, dayIndex, done: f?.activities[a.id] ?? 0 })),
          ),
        };
      }),
    };
  }

  private summaryOfState(s: CurriculumState, today: LocalDate): CurriculumSummary {
    return {
      id: s.curriculumId,
      churchId: s.churchId,
      title: s.draft.title,
      status: statusOf({ archived: s.archived, latestVersion: s.published || null }),
      latestVersion: s.published || null,
      hasUnpublishedChanges: s.revision !== s.publishedRevision,
      weeks: s.draft.weeks.length,
      activeAssignments: activeAssignments(s, today).length,
      updatedAt: s.updatedAt,
    };
  }

  private summaryOf(
    id: string,
    churchId: string,
    e: CurriculumListEntry,
    assignments: ReadonlyArray<{ startDate: string; weeks: number; ended: boolean }>,
    today: LocalDate,
  ): CurriculumSummary {
    return {
      id,
      churchId,
      title: e.title,
      status: statusOf(e),
      latestVersion: e.latestVersion,
      hasUnpublishedChanges: e.revision !== e.publishedRevision,
      weeks: e.weeks,
      activeAssignments: assignments.filter((a) => ['upcoming', 'running'].includes(assignmentState(a, today))).length,
      updatedAt: e.updatedAt,
    };
  }

  private assignmentOf(a: AssignmentState, today: LocalDate, groupName: (id: string) => string): CurriculumAssignment {
    return {
      id: a.assignmentId,
      version: a.version,
      audience: a.audience,
      groups: a.groupIds.map((id) => ({ id, name: groupName(id) })),
      startDate: a.startDate,
      endDate: endDateOf(a),
      state: assignmentState(a, today),
      assignedAt: a.assignedAt,
    };
  }
}
