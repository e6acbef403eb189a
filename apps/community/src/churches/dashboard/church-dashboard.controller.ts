import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import { type ChurchDashboard, churchDashboardCsvQuerySchema, churchDashboardSchema } from '@abide/contracts';
import { ApiProblems, ApiQueryFrom, createZodDto, parseQuery, CacheTags } from '@abide/platform';
import type { FastifyReply } from 'fastify';
import { ChurchDashboardQueries } from './church-dashboard.queries';
import { dashboardCsv, dashboardCsvName } from './domain/dashboard-csv';

class ChurchDashboardDto extends createZodDto(churchDashboardSchema) {}

/**
 * The pastor's dashboard (docs/churches.md, "Pastor's dashboard"): for the church's admins only (members and
 * outsiders 403, an unknown or closed church 404), checked on the church's stream.
 */
@ApiTags('churches')
@ApiBearerAuth()
@Controller('churches')
export class ChurchDashboardController {
  constructor(private readonly queries: ChurchDashboardQueries) {}

  @ApiOperation({
    summary:
      'Pastor’s dashboard (admins): members, and from members who share their progress only, active members, habit check-ins, plan activities and journaling days (counts, never content) for this week and the 8 before; each group’s progress and meeting ratings, member by member only where at least 3 church members in it share.',
  })
  @ApiResponse({ status: 200, type: ChurchDashboardDto })
  @ApiProblems(401, 403, 404)
  @Get(':id/dashboard')
  @CacheTags({ provides: [{ type: 'ChurchDashboard', idParam: 'id' }] })
  figures(@CurrentUser() caller: AuthUser, @Param('id') id: string): Promise<ChurchDashboard> {
    return this.queries.dashboard(caller.id, id);
  }

  @ApiOperation({
    summary:
      'The pastor’s dashboard as CSV (admins), to download: the weekly figures (`table=weeks`, default) or the group health table (`table=groups`); aggregates only.',
  })
  @ApiQueryFrom(churchDashboardCsvQuerySchema, { table: 'Which table: the weekly figures (weeks) or the group health table (groups)' })
  @ApiProduces('text/csv')
  @ApiResponse({
    status: 200,
    description: 'A CSV file with a header row (Content-Disposition: attachment, named after the church, the table and the week)',
    content: { 'text/csv': { schema: { type: 'string' } } },
  })
  @ApiProblems(400, 401, 403, 404)
  @Get(':id/dashboard.csv')
  async csv(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Query() query: unknown, @Res() reply: FastifyReply): Promise<void> {
    const { table } = parseQuery(churchDashboardCsvQuerySchema, query);
    const dashboard = await this.queries.dashboard(caller.id, id);
    await reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${dashboardCsvName(dashboard, table)}"`)
      .send(dashboardCsv(dashboard, table));
  }
}
