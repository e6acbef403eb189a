import { Injectable } from '@nestjs/common';
import type { EventData } from '@abide/contracts';
import { weekdayNames, type LocalDate } from '@abide/calendar';
import { ChurchFacts } from '../churches/churches.port';
import { followedAssignment } from './domain/assignment-weeks';
import { type CurriculumWeek, durationText, weekScriptures } from './domain/curriculum-content';
import { type ChurchAssignment, CurriculumProjection } from './projections/curriculum.projection';

/** The curriculum week a plan follows, as the plan's events record it. */
export type PlanCurriculum = NonNullable<EventData<'formation.plan.generated'>['curriculum']>;

/** A curriculum activity as a plan holds it. */
export interface CurriculumPlanActivity {
  id: string;
  name: string;
  description: string;
  duration: string;
  fromCurriculum: true;
  scripture?: string;
  reflectionPrompt?: string;
}

/** What a member's week follows: which curriculum week, and its activities per day (Sunday first; empty days too). */
export interface MemberCurriculumWeek {
  curriculum: PlanCurriculum;
  summary: string;
  scriptures: string[];
  days: CurriculumPlanActivity[][];
}

/** An assignment that reaches the member, with the group it reaches them through (null: the whole church). */
export interface ReachingAssignment extends ChurchAssignment {
  churchId: string;
  groupId: string | null;
  groupName: string | null;
}

export const toPlanActivities = (week: CurriculumWeek): CurriculumPlanActivity[][] =>
  weekdayNames.map((_, i) =>
    (week.days[i]?.activities ?? []).map((a) => ({
      id: a.id,
      name: a.name,
      description: a.description,
      duration: durationText(a.durationMinutes),
      fromCurriculum: true as const,
      ...(a.scripture ? { scripture: a.scripture } : {}),
      ...(a.reflectionPrompt ? { reflectionPrompt: a.reflectionPrompt } : {}),
    })),
  );

/**
 * Which curriculum week a member's plan week follows (docs/curricula.md): the assignments of their
 * churches to the whole church, and to the groups they belong to while those groups belong to the church, one chosen
 * by precedence (followedAssignment). All reads by key: the member's churches and groups, each group, each church's
 * assignments, the version.
 */
@Injectable()
export class CurriculumWeeks {
  constructor(
    private readonly directory: ChurchFacts,
    private readonly curricula: CurriculumProjection,
  ) {}

  /** Every assignment (any state) that reaches the member now. */
  async reaching(userId: string): Promise<ReachingAssignment[]> {
    const { churches, groupIds } = await this.directory.membershipsOf(userId);
    const groups = await this.directory.groupFacts(groupIds);
    const churchIds = new Set([...churches.keys(), ...[...groups.values()].flatMap((g) => (g.churchId ? [g.churchId] : []))]);
    const reached: ReachingAssignment[] = [];
    for (const churchId of churchIds) {
      const mine = [...groups].filter(([, g]) => g.churchId === churchId);
      for (const assignment of await this.curricula.assignmentsOf(churchId)) {
        if (assignment.audience === 'church') {
          if (churches.has(churchId)) reached.push({ ...assignment, churchId, groupId: null, groupName: null });
          continue;
        }
        const through = mine.find(([groupId]) => assignment.groupIds.includes(groupId));
        if (through) reached.push({ ...assignment, churchId, groupId: through[0], groupName: through[1].name });
      }
    }
    return reached;
  }

  /** The curriculum week the member's week starting `weekStart` follows, or null. */
  async forMember(userId: string, weekStart: LocalDate): Promise<MemberCurriculumWeek | null> {
    const followed = followedAssignment(await this.reaching(userId), weekStart);
    if (!followed) return null;
    const { assignment, week } = followed;
    const [version, church] = await Promise.all([
      this.curricula.version(assignment.curriculumId, assignment.version),
      this.directory.church(assignment.churchId),
    ]);
    const content = version?.content.weeks[week - 1];
    if (!version || !content) return null;
    return {
      curriculum: {
        assignmentId: assignment.assignmentId,
        curriculumId: assignment.curriculumId,
        churchId: assignment.churchId,
        churchName: church?.name ?? '',
        groupId: assignment.groupId,
        groupName: assignment.groupName,
        title: version.content.title,
        version: assignment.version,
        week,
        weeks: version.content.weeks.length,
        weekTitle: content.title,
      },
      summary: content.summary,
      scriptures: weekScriptures(content),
      days: toPlanActivities(content),
    };
  }
}
