import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Req } from '@nestjs/common';
import { ApiResponse, ApiOperation, ApiTags, ApiBearerAuth, ApiExtraModels } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import {
  attachGroupToChurchRequestSchema,
  changeRoleRequestSchema,
  createGroupRequestSchema,
  type Dashboard,
  discoverQuerySchema,
  type GroupMember,
  type GroupPage,
  type GroupSummary,
  handOverRequestSchema,
  type JoinResult,
  rateMeetingRequestSchema,
  updateGroupRequestSchema,
  groupMemberSchema,
  joinRequestSchema,
  groupPageSchema,
  groupSummarySchema,
  joinResultSchema,
  myRatingSchema,
  dashboardSchema,
} from '@abide/contracts';
import { DomainError, ApiProblems, createZodDto, ApiQueryFrom, CreatedLocation, parseQuery, CacheTags } from '@abide/platform';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isLocalDate, weekStartOf } from '@abide/calendar';
import { GroupCommands } from './commands/group.commands';
import { GroupQueries } from './group.queries';
import { metaOfRequest } from '@abide/event-store';
import { MembershipRoutes, type MembershipRoutesOf } from '../memberships/membership-routes.port';
import { MembershipChanges, MembershipRosters } from '../memberships/memberships.port';

class GroupSummaryListDto extends createZodDto(z.array(groupSummarySchema)) {}
class GroupSummaryDto extends createZodDto(groupSummarySchema) {}
class GroupPageDto extends createZodDto(groupPageSchema) {}
class JoinResultDto extends createZodDto(joinResultSchema) {}
class GroupMemberListDto extends createZodDto(z.array(groupMemberSchema)) {}
class GroupMemberDto extends createZodDto(groupMemberSchema) {}
class JoinRequestListDto extends createZodDto(z.array(joinRequestSchema)) {}
class DashboardDto extends createZodDto(dashboardSchema) {}
class MyRatingDto extends createZodDto(myRatingSchema) {}

class CreateGroupDto extends createZodDto(createGroupRequestSchema) {}
class UpdateGroupDto extends createZodDto(updateGroupRequestSchema) {}
class ChangeRoleDto extends createZodDto(changeRoleRequestSchema) {}
class HandOverDto extends createZodDto(handOverRequestSchema) {}
class RateMeetingDto extends createZodDto(rateMeetingRequestSchema) {}
class AttachGroupDto extends createZodDto(attachGroupToChurchRequestSchema) {}

const weekQuerySchema = z.object({ weekStart: z.iso.date('Use a date like 2026-11-22').optional() });

/** A group's membership routes (memberships/membership-routes.controller.ts declares them for groups and churches). */
const groupMembershipRoutes: MembershipRoutesOf<'group'> = {
  kind: 'group',
  bearerOnEachRoute: false,
  requestList: JoinRequestListDto,
  memberList: GroupMemberListDto,
  withdraw: {
    summary: 'Withdraw the caller’s pending join request.',
    answer: { status: 200, type: GroupSummaryDto },
    invalidates: ['DiscoverGroups', { type: 'Group', idParam: 'id' }],
  },
  requests: { summary: 'Pending join requests (owner and co-leaders).', provides: ['GroupRequests'] },
  approve: {
    summary: 'Approve a join request (owner and co-leaders); answers the requests still pending.',
    invalidates: ['GroupRequests', 'GroupMembers', 'GroupDashboard', 'MyGroups', { type: 'Group', idParam: 'id' }],
  },
  decline: {
    summary: 'Decline a join request (owner and co-leaders); answers the requests still pending.',
    invalidates: ['GroupRequests', 'GroupMembers', 'GroupDashboard', 'MyGroups', { type: 'Group', idParam: 'id' }],
  },
  members: { summary: 'The group’s members with role and joined date (members only).', provides: ['GroupMembers'] },
  remove: {
    summary: 'Remove a member: the owner removes anyone but themself, co-leaders remove plain members.',
    invalidates: ['GroupMembers', 'GroupDashboard', 'MyGroups', { type: 'Group', idParam: 'id' }],
  },
  leave: {
    summary:
      'Leave a group. The owner may leave only as the last member (which closes the group); otherwise hand over ownership first (409).',
    problems: [401, 404, 409],
    invalidates: ['MyGroups', 'DiscoverGroups', 'GroupMembers', { type: 'Group', idParam: 'id' }],
  },
};

/**
 * Groups, the leaders' dashboard and meeting ratings, and (from MembershipRoutes) membership and requests; the caller
 * is always the token's user.
 */
@ApiTags('groups')
@ApiBearerAuth()
@Controller('groups')
export class GroupsController extends MembershipRoutes<'group', GroupSummary>(groupMembershipRoutes) {
  constructor(
    private readonly commands: GroupCommands,
    private readonly queries: GroupQueries,
    membershipCommands: MembershipChanges,
    memberships: MembershipRosters,
  ) {
    super(membershipCommands, memberships);
  }

  /** A withdrawal answers the group's summary, as the caller now sees it. */
  protected withdrawn(callerId: string, id: string): Promise<GroupSummary> {
    return this.queries.summary(callerId, id);
  }

  @ApiOperation({ summary: 'My Groups: the caller’s groups with member count, weekly progress, Active badge and recent activity.' })
  @ApiResponse({ status: 200, type: GroupSummaryListDto })
  @ApiProblems(401)
  @Get()
  @CacheTags({ provides: ['MyGroups'] })
  mine(@CurrentUser() caller: AuthUser): Promise<GroupSummary[]> {
    return this.queries.mine(caller.id);
  }

  @ApiOperation({
    summary:
      'Create a group; the creator is its owner. The free plan allows GROUP_OWNERSHIP_LIMIT owned groups (403 beyond). With `churchId` the group belongs to that church (its admins only).',
  })
  @ApiResponse({ status: 201, type: GroupSummaryDto })
  @ApiProblems(400, 401, 403, 404)
  @Post()
  @CreatedLocation('/groups/{id}')
  @CacheTags({ invalidates: ['MyGroups', 'DiscoverGroups'] })
  async create(@CurrentUser() caller: AuthUser, @Body() body: CreateGroupDto, @Req() req: FastifyRequest): Promise<GroupSummary> {
    const id = await this.commands.create(caller.id, body, metaOfRequest(req));
    return this.queries.summary(caller.id, id);
  }

  @ApiOperation({
    summary:
      'Discover: search public and private groups by name and description (case-insensitive), paged; `church=mine` keeps the groups of the caller’s churches.',
  })
  @ApiQueryFrom(discoverQuerySchema)
  @ApiResponse({ status: 200, type: GroupPageDto })
  @ApiProblems(400, 401)
  @Get('discover')
  @CacheTags({ provides: ['DiscoverGroups'] })
  discover(@CurrentUser() caller: AuthUser, @Query() query: Record<string, string>): Promise<GroupPage> {
    const { q, church, page, pageSize } = parseQuery(discoverQuerySchema, query);
    return this.queries.discover(caller.id, q, page, pageSize, church);
  }

  @ApiOperation({ summary: 'A group’s summary (anyone signed in; a private group’s shows no member activity to outsiders).' })
  @ApiResponse({ status: 200, type: GroupSummaryDto })
  @ApiProblems(401, 404)
  @Get(':id')
  @CacheTags({ provides: [{ type: 'Group', idParam: 'id' }] })
  one(@CurrentUser() caller: AuthUser, @Param('id') id: string): Promise<GroupSummary> {
    return this.queries.summary(caller.id, id);
  }

  @ApiOperation({
    summary: 'Group Settings (owner and co-leaders): name, description, privacy, meeting; fields left out keep their value.',
  })
  @ApiResponse({ status: 200, type: GroupSummaryDto })
  @ApiProblems(400, 401, 403, 404, 409)
  @Patch(':id')
  @CacheTags({ invalidates: ['MyGroups', 'DiscoverGroups', 'GroupDashboard', { type: 'Group', idParam: 'id' }] })
  async update(
    @CurrentUser() caller: AuthUser,
    @Param('id') id: string,
    @Body() body: UpdateGroupDto,
    @Req() req: FastifyRequest,
  ): Promise<GroupSummary> {
    await this.commands.update(caller.id, id, body, metaOfRequest(req));
    return this.queries.summary(caller.id, id);
  }

  @ApiOperation({ summary: 'Put the group in a church: the group’s owner, who must be an admin of that church.' })
  @ApiResponse({ status: 200, type: GroupSummaryDto })
  @ApiProblems(400, 401, 403, 404)
  @Put(':id/church')
  async attach(
    @CurrentUser() caller: AuthUser,
    @Param('id') id: string,
    @Body() body: AttachGroupDto,
    @Req() req: FastifyRequest,
  ): Promise<GroupSummary> {
    await this.commands.attach(caller.id, id, body.churchId, metaOfRequest(req));
    return this.queries.summary(caller.id, id);
  }

  @ApiOperation({ summary: 'Take the group out of its church: the group’s owner or an admin of the church.' })
  @ApiResponse({ status: 200, type: GroupSummaryDto })
  @ApiProblems(401, 403, 404)
  @Delete(':id/church')
  async detach(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<GroupSummary> {
    await this.commands.detach(caller.id, id, metaOfRequest(req));
    return this.queries.summary(caller.id, id);
  }

  @ApiOperation({
    summary: 'Request to Join: a public group is joined at once (`joined`), a private one gets a pending request (`requested`).',
  })
  @ApiResponse({ status: 200, type: JoinResultDto })
  @ApiProblems(401, 404, 409)
  @Post(':id/join')
  @HttpCode(200)
  @CacheTags({ invalidates: ['MyGroups', 'DiscoverGroups', { type: 'Group', idParam: 'id' }, 'GroupMembers'] })
  async join(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<JoinResult> {
    const { status, last } = await this.commands.join(caller.id, id, metaOfRequest(req));
    return { status, group: await this.queries.summary(caller.id, id, last) };
  }

  @ApiOperation({ summary: 'Hand the group to another member (owner only); the former owner stays on as a co-leader.' })
  @ApiResponse({ status: 200, type: GroupMemberListDto })
  @ApiProblems(400, 401, 403, 404, 409)
  @Post(':id/owner')
  @HttpCode(200)
  @CacheTags({ invalidates: ['GroupMembers', 'GroupDashboard', 'MyGroups', { type: 'Group', idParam: 'id' }] })
  async handOver(
    @CurrentUser() caller: AuthUser,
    @Param('id') id: string,
    @Body() body: HandOverDto,
    @Req() req: FastifyRequest,
  ): Promise<GroupMember[]> {
    await this.commands.handOver(caller.id, id, body.userId, metaOfRequest(req));
    return this.memberships.members('group', caller.id, id);
  }

  @ApiOperation({ summary: 'Promote a member to co-leader or demote one (owner only).' })
  @ApiResponse({ status: 200, type: GroupMemberDto })
  @ApiProblems(400, 401, 403, 404, 409)
  @Put(':id/members/:userId/role')
  @CacheTags({ invalidates: ['GroupMembers', 'GroupDashboard'] })
  async changeRole(
    @CurrentUser() caller: AuthUser,
    @Param('id') id: string,
    @Param('userId') userId: string,
    @Body() body: ChangeRoleDto,
    @Req() req: FastifyRequest,
  ): Promise<GroupMember> {
    await this.commands.changeRole(caller.id, id, userId, body.role, metaOfRequest(req));
    return this.memberships.member('group', caller.id, id, userId);
  }

  // The document names its schemas in the order it meets them, and the generated client names a shape two schemas
  // share after the first (JoinRequestListDtoItem): the membership routes are read after this class's own, so the
  // join requests' list is named here, where it stood before they moved to MembershipRoutes (the dashboard lists them).
  @ApiExtraModels(JoinRequestListDto)
  @ApiOperation({
    summary:
      'Leadership Dashboard (owner and co-leaders): members’ weeks (counts only; null for members who do not share), 8-week chart, week streak, average rating, pending requests.',
  })
  @ApiResponse({ status: 200, type: DashboardDto })
  @ApiProblems(401, 403, 404)
  @Get(':id/dashboard')
  @CacheTags({ provides: ['GroupDashboard'] })
  dashboard(@CurrentUser() caller: AuthUser, @Param('id') id: string): Promise<Dashboard> {
    return this.queries.dashboard(caller.id, id);
  }

  @ApiOperation({ summary: 'Rate a week’s meeting 1–5 (members; default this week); rating again replaces it.' })
  @ApiResponse({ status: 200, type: MyRatingDto })
  @ApiProblems(400, 401, 403, 404, 409)
  @Post(':id/ratings')
  @HttpCode(200)
  @CacheTags({ invalidates: ['GroupRating', 'GroupDashboard'] })
  async rate(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Body() body: RateMeetingDto, @Req() req: FastifyRequest) {
    const thisWeek = await this.queries.callerWeek(caller.id);
    const weekStart = body.weekStart ?? thisWeek;
    // A meeting is rated for a week that has begun, named by its first day (Sunday, like plans).
    if (!isLocalDate(weekStart) || weekStartOf(weekStart) !== weekStart || weekStart > thisWeek) {
      throw DomainError.validation([{ field: 'weekStart', message: 'Choose the Sunday of this week or an earlier one' }]);
    }
    await this.commands.rate(caller.id, id, weekStart, body.rating, metaOfRequest(req));
    return this.queries.myRating(caller.id, id, weekStart);
  }

  @ApiOperation({ summary: 'The caller’s rating of a week’s meeting (default this week; rating null when not rated).' })
  @ApiQueryFrom(weekQuerySchema, { weekStart: 'The Sunday of the week, YYYY-MM-DD' })
  @ApiResponse({ status: 200, type: MyRatingDto })
  @ApiProblems(400, 401, 403, 404)
  @Get(':id/ratings/mine')
  @CacheTags({ provides: ['GroupRating'] })
  myRating(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Query('weekStart') weekStart?: string) {
    const parsed = weekQuerySchema.shape.weekStart.safeParse(weekStart);
    if (!parsed.success || (parsed.data && !isLocalDate(parsed.data)))
      throw DomainError.validation([{ field: 'weekStart', message: parsed.error?.issues[0].message ?? 'Use a date like 2026-11-22' }]);
    return this.queries.myRating(caller.id, id, parsed.data);
  }
}
