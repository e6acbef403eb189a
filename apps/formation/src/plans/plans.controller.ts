import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiResponse, ApiOperation, ApiTags, ApiBearerAuth } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import { toggleActivityRequestSchema, type SpiritualPlan, spiritualPlanSchema, catchUpResponseSchema } from '@abide/contracts';
import { DomainError, ApiProblems, createZodDto, CacheTags } from '@abide/platform';
import type { FastifyRequest } from 'fastify';
import { PlanCommands } from './commands/plan.commands';
import { toSpiritualPlan } from './plan-view';
import { metaOfRequest } from '@abide/event-store';

class SpiritualPlanDto extends createZodDto(spiritualPlanSchema) {}
class CatchUpResponseDto extends createZodDto(catchUpResponseSchema) {}

class ToggleActivityDto extends createZodDto(toggleActivityRequestSchema) {}

/** My Plan. Always the caller's own plan: the member comes from the verified token, never from the request. */
@ApiTags('plans')
@ApiBearerAuth()
@Controller('spiritual-plans')
export class PlansController {
  constructor(private readonly commands: PlanCommands) {}

  /** Read only: 404 until this week's plan exists (then the web asks for it with POST, below). */
  @ApiOperation({ summary: "The signed-in member's plan of their current week, read only: 404 until it exists (POST makes it)." })
  @ApiResponse({ status: 200, type: SpiritualPlanDto })
  @ApiProblems(401, 404)
  @Get('current')
  @CacheTags({ provides: ['Plan'] })
  async current(@CurrentUser() caller: AuthUser): Promise<SpiritualPlan> {
    const plan = await this.commands.currentWeek(caller.id);
    if (!plan) throw DomainError.notFound('Your plan');
    return toSpiritualPlan(plan);
  }

  /** This week's plan, made first if it is missing (a new member's first plan, the first visit of a new week). */
  @ApiOperation({
    summary:
      "The signed-in member's plan of their current week, made first when it is missing (a new member's first plan waits a few seconds for the onboarding answers; a new week's plan). Idempotent: an existing plan is never replaced. 404 when the member has not finished onboarding.",
  })
  @ApiResponse({ status: 200, type: SpiritualPlanDto })
  @ApiProblems(401, 404, 409)
  @Post('current')
  @HttpCode(200)
  async ensureCurrent(@CurrentUser() caller: AuthUser, @Req() req: FastifyRequest): Promise<SpiritualPlan> {
    const plan = await this.commands.ensureCurrent(caller.id, metaOfRequest(req));
    if (!plan) throw DomainError.notFound('Your plan');
    return toSpiritualPlan(plan);
  }

  /** Replaces what is not done of the current week's plan; also the empty state's 'Generate Plan'. */
  @ApiOperation({
    summary:
      "Replaces the current week's theme and the activities not done yet with new ones; activities already checked off stay, checked off, on their days (also the empty state's 'Generate Plan').",
  })
  @ApiResponse({ status: 200, type: SpiritualPlanDto })
  @ApiProblems(401, 409)
  @Post('regenerate')
  @HttpCode(200)
  @CacheTags({ invalidates: ['Plan', 'Stats'] })
  async regenerate(@CurrentUser() caller: AuthUser, @Req() req: FastifyRequest): Promise<SpiritualPlan> {
    await this.commands.generate(caller.id, { reason: 'regenerate', meta: metaOfRequest(req) });
    const plan = await this.commands.latest(caller.id);
    if (!plan) throw DomainError.notFound('Your plan');
    return toSpiritualPlan(plan);
  }

  @ApiOperation({
    summary:
      "'Undo' after 'Regenerate Plan': brings back the week's plan from before it, keeping every activity checked off since. 409 when the plan was not regenerated or has changed otherwise since.",
  })
  @ApiResponse({ status: 200, type: SpiritualPlanDto })
  @ApiProblems(401, 404, 409)
  @Post('current/undo-regeneration')
  @HttpCode(200)
  @CacheTags({ invalidates: ['Plan', 'Stats'] })
  async undoRegeneration(@CurrentUser() caller: AuthUser, @Req() req: FastifyRequest): Promise<SpiritualPlan> {
    return toSpiritualPlan(await this.commands.undoRegeneration(caller.id, metaOfRequest(req)));
  }

  @ApiOperation({ summary: 'Checks a plan activity off (dated today in the member’s zone) or back on.' })
  @ApiResponse({ status: 200, type: SpiritualPlanDto })
  @ApiProblems(400, 401, 404, 409)
  @Post('current/activities/:activityId/toggle')
  @HttpCode(200)
  @CacheTags({ invalidates: ['Stats'] })
  async toggle(
    @CurrentUser() caller: AuthUser,
    @Param('activityId') activityId: string,
    @Body() body: ToggleActivityDto,
    @Req() req: FastifyRequest,
  ): Promise<SpiritualPlan> {
    return toSpiritualPlan(await this.commands.toggleActivity(caller.id, activityId, body.completed, metaOfRequest(req)));
  }

  @ApiOperation({ summary: "'Catch me up': moves the unfinished activities of past days onto today and the days left." })
  @ApiResponse({ status: 200, type: CatchUpResponseDto })
  @ApiProblems(401, 404, 409)
  @Post('current/catch-up')
  @HttpCode(200)
  @CacheTags({ invalidates: ['Stats'] })
  async catchUp(@CurrentUser() caller: AuthUser, @Req() req: FastifyRequest) {
    const result = await this.commands.catchUp(caller.id, metaOfRequest(req));
    return { plan: toSpiritualPlan(result.plan), moved: result.moved, leftBehind: result.leftBehind };
  }
}
