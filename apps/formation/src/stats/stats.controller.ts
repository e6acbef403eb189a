import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import type { FormationStats } from '@abide/contracts';
import { StatsService } from './stats.service';

@ApiExcludeController()
@Controller('stats')
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Get('overview')
  overview(@CurrentUser() caller: AuthUser): Promise<FormationStats> {
    return this.stats.overview(caller.id);
  }
}
