import { Injectable, Logger } from '@nestjs/common';
import { MemberQueries } from '../../members/members.port';
import { PlanCommands } from '../commands/plan.commands';
import { weekRollover } from '../domain/week-rollover';
import { PlanProjection } from '../projections/plan.projection';
import { addDays, localDateOf, weekStartOf } from '@abide/calendar';

export interface RolloverResult {
  checked: number;
  generated: number;
  failed: number;
}

/**
 * The weekly rollover: members whose local week has begun since their latest plan get the new week's plan.
 * Idempotent: a week's plan stream accepts one generation at version 1, so overlapping runs (two instances,
 * a retried job) add nothing twice. `now` is a parameter so tests move time instead of waiting.
 */
@Injectable()
export class PlanRollover {
  private readonly logger = new Logger(PlanRollover.name);

  constructor(
    private readonly plans: PlanProjection,
    private readonly members: MemberQueries,
    private readonly commands: PlanCommands,
  ) {}

  async run(now: Date): Promise<RolloverResult> {
    // No zone is more than 14 hours ahead of UTC, so no member's week can have begun after this Sunday.
    const latestPossibleWeek = weekStartOf(addDays(localDateOf(now, 'UTC'), 1));
    const candidates = await this.plans.membersWithLatestPlanBefore(latestPossibleWeek);
    const zones = await this.members.timeZones(candidates.map((c) => c.userId));
    const result: RolloverResult = { checked: candidates.length, generated: 0, failed: 0 };
    for (const candidate of candidates) {
      const timeZone = zones.get(candidate.userId) ?? 'UTC';
      const rollover = weekRollover({ planWeekStart: candidate.weekStart, now, timeZone });
      if (!rollover.rolledOver) continue;
      try {
        const generated = await this.commands.generate(candidate.userId, {
          reason: 'rollover',
          weekStart: rollover.currentWeekStart,
          meta: { correlationId: `plan-rollover-${candidate.userId}-${rollover.currentWeekStart}` },
        });
        if (generated) result.generated++;
      } catch (error) {
        result.failed++;
        this.logger.warn(`Rollover for ${candidate.userId} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return result;
  }
}
