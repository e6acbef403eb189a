import { Body, Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { catchUpResponseSchema, spiritualPlanSchema, toggleActivityRequestSchema } from '@abide/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { ApiProblems } from '../../docs/api-problems.decorator';
import { ServiceClient } from '../../proxy/service-client';

class SpiritualPlanDto extends createZodDto(spiritualPlanSchema) {}
class ToggleActivityDto extends createZodDto(toggleActivityRequestSchema) {}
class CatchUpResponseDto extends createZodDto(catchUpResponseSchema) {}

@ApiTags('plans')
@ApiBearerAuth()
@Controller('spiritual-plans')
export class PlansController {
  constructor(private readonly services: ServiceClient) {}

  @Get('current')
  @ApiOperation({ summary: "The signed-in member's plan of their current week, read only: 404 until it exists (POST makes it)." })
  @ApiResponse({ status: 200, type: SpiritualPlanDto })
  @ApiProblems(401, 404)
  async current(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('formation', req, reply);
  }

  @Post('current')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "The signed-in member's plan of their current week, made first when it is missing (a new member's first plan waits a few seconds for the onboarding answers; a new week's plan). Idempotent: an existing plan is never replaced. 404 when the member has not finished onboarding.",
  })
  @ApiResponse({ status: 200, type: SpiritualPlanDto })
  @ApiProblems(401, 404, 409)
  async ensureCurrent(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('formation', req, reply, { body: {} });
  }

  @Post('regenerate')
  @HttpCode(200)
  @ApiOperation({ summary: "Replaces the current week's plan with a new one (also the empty state's 'Generate Plan')." })
  @ApiResponse({ status: 200, type: SpiritualPlanDto })
  @ApiProblems(401, 409)
  async regenerate(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('formation', req, reply, { body: {} });
  }

  @Post('current/activities/:activityId/toggle')
  @HttpCode(200)
  @ApiOperation({ summary: 'Checks a plan activity off (dated today in the member’s zone) or back on.' })
  @ApiResponse({ status: 200, type: SpiritualPlanDto })
  @ApiProblems(400, 401, 404, 409)
  async toggle(
    @Param('activityId') activityId: string,
    @Body() body: ToggleActivityDto,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.services.forward('formation', req, reply, {
      path: `/spiritual-plans/current/activities/${encodeURIComponent(activityId)}/toggle`,
      body,
    });
  }

  @Post('current/catch-up')
  @HttpCode(200)
  @ApiOperation({ summary: "'Catch me up': moves the unfinished activities of past days onto today and the days left." })
  @ApiResponse({ status: 200, type: CatchUpResponseDto })
  @ApiProblems(401, 404, 409)
  async catchUp(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('formation', req, reply, { body: {} });
  }
}
