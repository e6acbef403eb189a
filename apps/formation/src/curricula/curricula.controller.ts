import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import {
  assignCurriculumRequestSchema,
  createCurriculumRequestSchema,
  CURRICULUM_MAX_WEEKS,
  type CurriculumAssignment,
  curriculumAssignmentSchema,
  type CurriculumDetail,
  curriculumDetailSchema,
  curriculumListSchema,
  curriculumMessages as m,
  type CurriculumProgress,
  curriculumProgressSchema,
  curriculaQuerySchema,
  curriculumWeekPreviewSchema,
  curriculumWeekQuerySchema,
  type CurriculumWeekPreview,
  errorCodes,
  Refusal,
  saveCurriculumDraftRequestSchema,
  saveCurriculumWorkingCopyRequestSchema,
  type CurriculumWorkingCopy,
  curriculumWorkingCopySchema,
} from '@abide/contracts';
import { metaOfRequest } from '@abide/event-store';
import { ApiProblems, ApiQueryFrom, CreatedLocation, createZodDto, DomainError, parseQuery, CacheTags } from '@abide/platform';
import type { FastifyRequest } from 'fastify';
import { CurriculumCommands } from './commands/curriculum.commands';
import { CurriculumQueries } from './curriculum.queries';

class CurriculumListDto extends createZodDto(curriculumListSchema) {}
class CurriculumDetailDto extends createZodDto(curriculumDetailSchema) {}
class CurriculumAssignmentDto extends createZodDto(curriculumAssignmentSchema) {}
class CurriculumWeekPreviewDto extends createZodDto(curriculumWeekPreviewSchema) {}
class CurriculumProgressDto extends createZodDto(curriculumProgressSchema) {}
class CreateCurriculumDto extends createZodDto(createCurriculumRequestSchema) {}
class SaveCurriculumDraftDto extends createZodDto(saveCurriculumDraftRequestSchema) {}
class SaveCurriculumWorkingCopyDto extends createZodDto(saveCurriculumWorkingCopyRequestSchema) {}
class CurriculumWorkingCopyDto extends createZodDto(curriculumWorkingCopySchema) {}
class AssignCurriculumDto extends createZodDto(assignCurriculumRequestSchema) {}

const weekNumber = (text: string): number => {
  const week = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
  if (!(week >= 1 && week <= CURRICULUM_MAX_WEEKS))
    throw DomainError.validation([{ field: 'week', message: `A week number from 1 to ${CURRICULUM_MAX_WEEKS}` }]);
  return week;
};

/**
 * A church's own curricula (docs/curricula.md): its admins author, publish, assign and follow
 * them; members see the weeks assigned to them in their plan. Roles are checked on formation's directory of the
 * church's members (learnt from community's events); the caller is always the token's user.
 */
@ApiTags('curricula')
@ApiBearerAuth()
@Controller('curricula')
export class CurriculaController {
  constructor(
    private readonly commands: CurriculumCommands,
    private readonly queries: CurriculumQueries,
  ) {}

  @ApiOperation({ summary: 'A church’s curricula, drafts, published and archived (its admins), most recently changed first.' })
  @ApiQueryFrom(curriculaQuerySchema, { churchId: 'The church whose curricula to list' })
  @ApiResponse({ status: 200, type: CurriculumListDto })
  @ApiProblems(400, 401, 403)
  @Get()
  @CacheTags({ provides: ['Curricula'] })
  async list(@CurrentUser() caller: AuthUser, @Query() query: Record<string, string>) {
    const { churchId } = parseQuery(curriculaQuerySchema, query);
    return { items: await this.queries.list(caller.id, churchId) };
  }

  @ApiOperation({ summary: 'A new curriculum of the church, as an empty draft (its admins; a new admin may wait a moment for their role to reach formation).' })
  @ApiResponse({ status: 201, type: CurriculumDetailDto })
  @ApiProblems(400, 401, 403)
  @Post()
  @CreatedLocation('/curricula/{id}')
  @CacheTags({ invalidates: ['Curricula'] })
  async create(@CurrentUser() caller: AuthUser, @Body() body: CreateCurriculumDto, @Req() req: FastifyRequest): Promise<CurriculumDetail> {
    const id = await this.commands.create(caller.id, body, metaOfRequest(req));
    return this.queries.detail(caller.id, id);
  }

  @ApiOperation({ summary: 'A curriculum with its draft, published versions, assignments and the church’s groups (its church’s admins).' })
  @ApiResponse({ status: 200, type: CurriculumDetailDto })
  @ApiProblems(401, 403, 404)
  @Get(':id')
  @CacheTags({ provides: [{ type: 'Curriculum', idParam: 'id' }] })
  detail(@CurrentUser() caller: AuthUser, @Param('id') id: string): Promise<CurriculumDetail> {
    return this.queries.detail(caller.id, id);
  }

  @ApiOperation({
    summary:
      'Saves the whole draft: weeks of seven days (Sunday first) of activities, in the order given. Scripture references are checked and stored in their canonical form; `revision` must be the one the draft was loaded at (409 when someone saved since).',
  })
  @ApiResponse({ status: 200, type: CurriculumDetailDto })
  @ApiProblems(400, 401, 403, 404, 409)
  @Put(':id/draft')
  @CacheTags({ invalidates: ['Curricula', 'CurriculumWeek', { type: 'Curriculum', idParam: 'id' }], onlyOnSuccess: true })
  async saveDraft(
    @CurrentUser() caller: AuthUser,
    @Param('id') id: string,
    @Body() body: SaveCurriculumDraftDto,
    @Req() req: FastifyRequest,
  ): Promise<CurriculumDetail> {
    await this.commands.saveDraft(caller.id, id, body, metaOfRequest(req));
    return this.queries.detail(caller.id, id);
  }

  @ApiOperation({
    summary:
      'Keeps the caller’s unsaved edits of the curriculum (only they see them, in the curriculum’s `workingCopy`), so a closed window loses nothing; `copyRevision` is the kept copy’s revision, 0 when there is none (409 when another window of theirs kept newer edits). Saving the draft or discarding ends it.',
  })
  @ApiResponse({ status: 200, type: CurriculumWorkingCopyDto })
  @ApiProblems(400, 401, 403, 404, 409)
  @Put(':id/working-copy')
  keepWorkingCopy(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Body() body: SaveCurriculumWorkingCopyDto): Promise<CurriculumWorkingCopy> {
    return this.commands.keepWorkingCopy(caller.id, id, body);
  }

  @ApiOperation({ summary: 'Discards the caller’s kept edits of the curriculum: the saved draft stays as it is.' })
  @ApiResponse({ status: 200, type: CurriculumDetailDto })
  @ApiProblems(401, 403, 404)
  @Delete(':id/working-copy')
  @CacheTags({ invalidates: [{ type: 'Curriculum', idParam: 'id' }] })
  async discardWorkingCopy(@CurrentUser() caller: AuthUser, @Param('id') id: string): Promise<CurriculumDetail> {
    await this.commands.discardWorkingCopy(caller.id, id);
    return this.queries.detail(caller.id, id);
  }

  @ApiOperation({ summary: 'Publishes the draft as the next version, which never changes afterwards (every week needs an activity).' })
  @ApiResponse({ status: 200, type: CurriculumDetailDto })
  @ApiProblems(401, 403, 404, 409)
  @Post(':id/publish')
  @HttpCode(200)
  @CacheTags({ invalidates: ['Curricula', 'CurriculumWeek', 'CurriculumProgress', { type: 'Curriculum', idParam: 'id' }] })
  async publish(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<CurriculumDetail> {
    await this.commands.publish(caller.id, id, metaOfRequest(req));
    return this.queries.detail(caller.id, id);
  }

  @ApiOperation({ summary: 'A copy of the curriculum’s draft as a new draft of the same church, titled “Copy of …”.' })
  @ApiResponse({ status: 201, type: CurriculumDetailDto })
  @ApiProblems(401, 403, 404)
  @Post(':id/duplicate')
  @CreatedLocation('/curricula/{id}')
  @CacheTags({ invalidates: ['Curricula'] })
  async duplicate(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<CurriculumDetail> {
    const copy = await this.commands.duplicate(caller.id, id, metaOfRequest(req));
    return this.queries.detail(caller.id, copy);
  }

  @ApiOperation({ summary: 'Archives the curriculum: no more edits or assignments until restored (409 while an assignment runs or is to come).' })
  @ApiResponse({ status: 200, type: CurriculumDetailDto })
  @ApiProblems(401, 403, 404, 409)
  @Post(':id/archive')
  @HttpCode(200)
  @CacheTags({ invalidates: ['Curricula', { type: 'Curriculum', idParam: 'id' }] })
  async archive(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<CurriculumDetail> {
    await this.commands.archive(caller.id, id, metaOfRequest(req));
    return this.queries.detail(caller.id, id);
  }

  @ApiOperation({ summary: 'Brings an archived curriculum back.' })
  @ApiResponse({ status: 200, type: CurriculumDetailDto })
  @ApiProblems(401, 403, 404)
  @Post(':id/restore')
  @HttpCode(200)
  @CacheTags({ invalidates: ['Curricula', { type: 'Curriculum', idParam: 'id' }] })
  async restore(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<CurriculumDetail> {
    await this.commands.restore(caller.id, id, metaOfRequest(req));
    return this.queries.detail(caller.id, id);
  }

  @ApiOperation({
    summary:
      'A week as members see it in their plan. Admins: the latest published version, `version=N` or `version=draft`; members: only the version assigned to them (403 otherwise).',
  })
  @ApiParam({ name: 'week', description: `The week's number, 1 to ${CURRICULUM_MAX_WEEKS}`, schema: { type: 'integer', minimum: 1, maximum: CURRICULUM_MAX_WEEKS } })
  @ApiQueryFrom(curriculumWeekQuerySchema)
  @ApiResponse({ status: 200, type: CurriculumWeekPreviewDto })
  @ApiProblems(400, 401, 403, 404)
  @Get(':id/weeks/:week')
  @CacheTags({ provides: ['CurriculumWeek'] })
  week(
    @CurrentUser() caller: AuthUser,
    @Param('id') id: string,
    @Param('week') week: string,
    @Query() query: Record<string, string>,
  ): Promise<CurriculumWeekPreview> {
    const { version } = parseQuery(curriculumWeekQuerySchema, query);
    return this.queries.week(caller.id, id, weekNumber(week), version);
  }

  @ApiOperation({
    summary:
      'Assigns the latest published version to the whole church or to some of its groups, from a Sunday (this week or later, in the church’s time zone); members’ plans follow it week by week.',
  })
  @ApiResponse({ status: 201, type: CurriculumAssignmentDto })
  @ApiProblems(400, 401, 403, 404, 409)
  @Post(':id/assignments')
  @CreatedLocation('/curricula/:id/assignments/{id}')
  @CacheTags({ invalidates: ['Curricula', 'CurriculumProgress', { type: 'Curriculum', idParam: 'id' }] })
  async assign(
    @CurrentUser() caller: AuthUser,
    @Param('id') id: string,
    @Body() body: AssignCurriculumDto,
    @Req() req: FastifyRequest,
  ): Promise<CurriculumAssignment> {
    const assignmentId = await this.commands.assign(caller.id, id, body, metaOfRequest(req));
    return this.assignmentOf(caller.id, id, assignmentId);
  }

  @ApiOperation({ summary: 'One assignment of the curriculum (its church’s admins).' })
  @ApiResponse({ status: 200, type: CurriculumAssignmentDto })
  @ApiProblems(401, 403, 404)
  @Get(':id/assignments/:assignmentId')
  assignment(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Param('assignmentId') assignmentId: string): Promise<CurriculumAssignment> {
    return this.assignmentOf(caller.id, id, assignmentId);
  }

  @ApiOperation({ summary: 'Ends an assignment now: members’ plans stop following it (what they checked off stays).' })
  @ApiResponse({ status: 204, description: 'Ended' })
  @ApiProblems(401, 403, 404)
  @Delete(':id/assignments/:assignmentId')
  @HttpCode(204)
  @CacheTags({ invalidates: ['Curricula', { type: 'Curriculum', idParam: 'id' }] })
  async endAssignment(
    @CurrentUser() caller: AuthUser,
    @Param('id') id: string,
    @Param('assignmentId') assignmentId: string,
    @Req() req: FastifyRequest,
  ): Promise<void> {
    await this.commands.endAssignment(caller.id, id, assignmentId, metaOfRequest(req));
  }

  @ApiOperation({
    summary:
      'Progress per week (its church’s admins): how many members who share their progress followed each week, and how many of its activities they checked off. Counts only.',
  })
  @ApiResponse({ status: 200, type: CurriculumProgressDto })
  @ApiProblems(401, 403, 404)
  @Get(':id/progress')
  @CacheTags({ provides: ['CurriculumProgress'] })
  progress(@CurrentUser() caller: AuthUser, @Param('id') id: string): Promise<CurriculumProgress> {
    return this.queries.progress(caller.id, id);
  }

  private async assignmentOf(caller: string, id: string, assignmentId: string): Promise<CurriculumAssignment> {
    const found = (await this.queries.detail(caller, id)).assignments.find((a) => a.id === assignmentId);
    if (!found) throw new Refusal(errorCodes.notFound, `${m.assignment} was not found.`);
    return found;
  }
}
