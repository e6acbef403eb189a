import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import {
  changeRoleRequestSchema,
  createGroupRequestSchema,
  type Dashboard,
  discoverQuerySchema,
  type GroupMember,
  type GroupPage,
  type GroupSummary,
  handOverRequestSchema,
  type JoinRequest,
  type JoinResult,
  rateMeetingRequestSchema,
  updateGroupRequestSchema,
} from '@abide/contracts';
import { DomainError } from '@abide/platform';
import type { FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { isLocalDate, weekStartOf } from '@abide/calendar';
import { GroupCommands } from './commands/group-commands';
import { GroupQueries } from './group-queries';

class CreateGroupDto extends createZodDto(createGroupRequestSchema) {}
class UpdateGroupDto extends createZodDto(updateGroupRequestSchema) {}
class ChangeRoleDto extends createZodDto(changeRoleRequestSchema) {}
class HandOverDto extends createZodDto(handOverRequestSchema) {}
class RateMeetingDto extends createZodDto(rateMeetingRequestSchema) {}

const metaOf = (req: FastifyRequest) => ({ correlationId: String(req.id) });
const weekQuery = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-22')
  .optional();

/** Groups, membership, requests, the leaders' dashboard and meeting ratings; the caller is always the token's user. */
@ApiExcludeController()
@Controller('groups')
export class GroupsController {
  constructor(
    private readonly commands: GroupCommands,
    private readonly queries: GroupQueries,
  ) {}

  @Get()
  mine(@CurrentUser() caller: AuthUser): Promise<GroupSummary[]> {
    return this.queries.mine(caller.id);
  }

  @Post()
  async create(@CurrentUser() caller: AuthUser, @Body() body: CreateGroupDto, @Req() req: FastifyRequest): Promise<GroupSummary> {
    const id = await this.commands.create(caller.id, body, metaOf(req));
    return this.queries.summary(caller.id, id);
  }

  @Get('discover')
  discover(@CurrentUser() caller: AuthUser, @Query() query: Record<string, string>): Promise<GroupPage> {
    const parsed = discoverQuerySchema.safeParse(query);
    if (!parsed.success) throw DomainError.validation(parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })));
    return this.queries.discover(caller.id, parsed.data.q, parsed.data.page, parsed.data.pageSize);
  }

  @Get(':id')
  one(@CurrentUser() caller: AuthUser, @Param('id') id: string): Promise<GroupSummary> {
    return this.queries.summary(caller.id, id);
  }

  @Patch(':id')
  async update(
    @CurrentUser() caller: AuthUser,
    @Param('id') id: string,
    @Body() body: UpdateGroupDto,
    @Req() req: FastifyRequest,
  ): Promise<GroupSummary> {
    await this.commands.update(caller.id, id, body, metaOf(req));
    return this.queries.summary(caller.id, id);
  }

  @Post(':id/join')
  @HttpCode(200)
  async join(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<JoinResult> {
    const status = await this.commands.join(caller.id, id, metaOf(req));
    return { status, group: await this.queries.summary(caller.id, id) };
  }

  @Delete(':id/requests/mine')
  async withdraw(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<GroupSummary> {
    await this.commands.withdraw(caller.id, id, metaOf(req));
    return this.queries.summary(caller.id, id);
  }

  @Post(':id/leave')
  @HttpCode(204)
  async leave(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<void> {
    await this.commands.leave(caller.id, id, metaOf(req));
  }

  @Post(':id/owner')
  @HttpCode(200)
  async handOver(
    @CurrentUser() caller: AuthUser,
    @Param('id') id: string,
    @Body() body: HandOverDto,
    @Req() req: FastifyRequest,
  ): Promise<GroupMember[]> {
    await this.commands.handOver(caller.id, id, body.userId, metaOf(req));
    return this.queries.members(caller.id, id);
  }

  @Get(':id/members')
  members(@CurrentUser() caller: AuthUser, @Param('id') id: string): Promise<GroupMember[]> {
    return this.queries.members(caller.id, id);
  }

  @Delete(':id/members/:userId')
  @HttpCode(204)
  async remove(
    @CurrentUser() caller: AuthUser,
    @Param('id') id: string,
    @Param('userId') userId: string,
    @Req() req: FastifyRequest,
  ): Promise<void> {
    await this.commands.remove(caller.id, id, userId, metaOf(req));
  }

  @Put(':id/members/:userId/role')
  async changeRole(
    @CurrentUser() caller: AuthUser,
    @Param('id') id: string,
    @Param('userId') userId: string,
    @Body() body: ChangeRoleDto,
    @Req() req: FastifyRequest,
  ): Promise<GroupMember> {
    await this.commands.changeRole(caller.id, id, userId, body.role, metaOf(req));
    const member = (await this.queries.members(caller.id, id)).find((m) => m.userId === userId);
    if (!member) throw DomainError.notFound('This member');
    return member;
  }

  @Get(':id/requests')
  requests(@CurrentUser() caller: AuthUser, @Param('id') id: string): Promise<JoinRequest[]> {
    return this.queries.requests(caller.id, id);
  }

  @Post(':id/requests/:requestId/approve')
  @HttpCode(200)
  async approve(
    @CurrentUser() caller: AuthUser,
    @Param('id') id: string,
    @Param('requestId') requestId: string,
    @Req() req: FastifyRequest,
  ): Promise<JoinRequest[]> {
    await this.commands.decide(caller.id, id, requestId, true, metaOf(req));
    return this.queries.requests(caller.id, id);
  }

  @Post(':id/requests/:requestId/decline')
  @HttpCode(200)
  async decline(
    @CurrentUser() caller: AuthUser,
    @Param('id') id: string,
    @Param('requestId') requestId: string,
    @Req() req: FastifyRequest,
  ): Promise<JoinRequest[]> {
    await this.commands.decide(caller.id, id, requestId, false, metaOf(req));
    return this.queries.requests(caller.id, id);
  }

  @Get(':id/dashboard')
  dashboard(@CurrentUser() caller: AuthUser, @Param('id') id: string): Promise<Dashboard> {
    return this.queries.dashboard(caller.id, id);
  }

  @Post(':id/ratings')
  @HttpCode(200)
  async rate(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Body() body: RateMeetingDto, @Req() req: FastifyRequest) {
    const thisWeek = await this.queries.callerWeek(caller.id);
    const weekStart = body.weekStart ?? thisWeek;
    // A meeting is rated for a week that has begun, named by its first day (Sunday, like plans).
    if (!isLocalDate(weekStart) || weekStartOf(weekStart) !== weekStart || weekStart > thisWeek) {
      throw DomainError.validation([{ field: 'weekStart', message: 'Choose the Sunday of this week or an earlier one' }]);
    }
    await this.commands.rate(caller.id, id, weekStart, body.rating, metaOf(req));
    return this.queries.myRating(caller.id, id, weekStart);
  }

  @Get(':id/ratings/mine')
  myRating(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Query('weekStart') weekStart?: string) {
    const parsed = weekQuery.safeParse(weekStart || undefined);
    if (!parsed.success || (parsed.data && !isLocalDate(parsed.data)))
      throw DomainError.validation([{ field: 'weekStart', message: parsed.error?.issues[0].message ?? 'Use a date like 2026-11-22' }]);
    return this.queries.myRating(caller.id, id, parsed.data);
  }
}
