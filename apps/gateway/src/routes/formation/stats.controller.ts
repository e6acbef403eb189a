import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { formationStatsSchema } from '@abide/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { ApiProblems } from '../../docs/api-problems.decorator';
import { ServiceClient } from '../../proxy/service-client';

class FormationStatsDto extends createZodDto(formationStatsSchema) {}

@ApiTags('stats')
@ApiBearerAuth()
@Controller('stats')
export class StatsController {
  constructor(private readonly services: ServiceClient) {}

  @Get('overview')
  @ApiOperation({
    summary: "My Plan and Habits figures: week progress, current streak, total days, this week's days, habit cards and the week's insight.",
  })
  @ApiResponse({ status: 200, type: FormationStatsDto })
  @ApiProblems(401)
  async overview(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('formation', req, reply);
  }
}
