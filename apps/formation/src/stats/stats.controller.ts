import { formationStatsSchema } from '@abide/contracts';
import { ApiProblems, createZodDto, CacheTags } from '@abide/platform';
import { Controller, Get } from '@nestjs/common';
import { ApiResponse, ApiOperation, ApiTags, ApiBearerAuth } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import type { FormationStats } from '@abide/contracts';
import { StatsService } from './stats.service';

class FormationStatsDto extends createZodDto(formationStatsSchema) {}

@ApiTags('stats')
@ApiBearerAuth()
@Controller('stats')
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @ApiOperation({
    summary: "My Plan and Habits figures: week progress, current streak, total days, this week's days, habit cards and the week's insight.",
  })
  @ApiResponse({ status: 200, type: FormationStatsDto })
  @ApiProblems(401)
  @Get('overview')
  @CacheTags({ provides: ['Stats'] })
  overview(@CurrentUser() caller: AuthUser): Promise<FormationStats> {
    return this.stats.overview(caller.id);
  }
}
