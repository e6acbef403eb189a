import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiExtraModels, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { type AuthUser, CurrentUser, Public } from '@abide/auth';
import {
  changeChurchRoleRequestSchema,
  type ChurchDetail,
  churchDetailSchema,
  type ChurchGroupList,
  churchGroupListSchema,
  churchJoinRequestResultSchema,
  churchJoinRequestSchema,
  type ChurchMember,
  churchMemberSchema,
  type ChurchPortal,
  churchPortalSchema,
  type ChurchSummary,
  churchSummarySchema,
  createChurchRequestSchema,
  joinChurchRequestSchema,
  type MyChurches,
  myChurchesSchema,
  updateChurchRequestSchema,
} from '@abide/contracts';
import { metaOfRequest } from '@abide/event-store';
import { ApiProblems, CreatedLocation, createZodDto, EdgePolicy, CacheTags } from '@abide/platform';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ChurchCommands } from './commands/church.commands';
import { ChurchQueries } from './church.queries';
import { MembershipRoutes, type MembershipRoutesOf } from '../memberships/membership-routes.port';
import { MembershipChanges, MembershipRosters } from '../memberships/memberships.port';

class MyChurchesDto extends createZodDto(myChurchesSchema) {}
class ChurchSummaryDto extends createZodDto(churchSummarySchema) {}
class ChurchDetailDto extends createZodDto(churchDetailSchema) {}
class ChurchPortalDto extends createZodDto(churchPortalSchema) {}
class ChurchMemberListDto extends createZodDto(z.array(churchMemberSchema)) {}
class ChurchGroupListDto extends createZodDto(churchGroupListSchema) {}
class ChurchMemberDto extends createZodDto(churchMemberSchema) {}
class ChurchJoinRequestListDto extends createZodDto(z.array(churchJoinRequestSchema)) {}
class ChurchJoinRequestResultDto extends createZodDto(churchJoinRequestResultSchema) {}
class CreateChurchDto extends createZodDto(createChurchRequestSchema) {}
class UpdateChurchDto extends createZodDto(updateChurchRequestSchema) {}
class JoinChurchDto extends createZodDto(joinChurchRequestSchema) {}
class ChangeChurchRoleDto extends createZodDto(changeChurchRoleRequestSchema) {}

/** A church's membership routes (memberships/membership-routes.controller.ts declares them for groups and churches). */
const churchMembershipRoutes: MembershipRoutesOf<'church'> = {
  kind: 'church',
  bearerOnEachRoute: true,
  requestList: ChurchJoinRequestListDto,
  memberList: ChurchMemberListDto,
  withdraw: {
    summary: 'Withdraw the caller’s request to join.',
    answer: { status: 204, description: 'Withdrawn' },
    invalidates: ['MyChurches'],
  },
  requests: { summary: 'Requests to join waiting for an answer (admins).', provides: ['ChurchRequests'] },
  approve: {
    summary: 'Approve a request to join (admins); answers the requests still waiting.',
    invalidates: ['ChurchRequests', 'ChurchMembers', 'ChurchPortal', { type: 'Church', idParam: 'id' }],
  },
  decline: {
    summary: 'Decline a request to join (admins); answers the requests still waiting.',
    invalidates: ['ChurchRequests', { type: 'Church', idParam: 'id' }],
  },
  members: { summary: 'The church’s members with role and joined date (admins).', provides: ['ChurchMembers'] },
  remove: {
    summary: 'Remove a member (admins; another admin too, never oneself).',
    invalidates: ['ChurchMembers', 'ChurchPortal', { type: 'Church', idParam: 'id' }],
  },
  leave: {
    summary:
      'Leave a church (its members; 403 for anyone else). The only admin makes another member an admin first (409), unless they are the last member (the church closes).',
    problems: [401, 403, 404, 409],
    invalidates: ['MyChurches', 'ChurchPortal', 'DiscoverGroups'],
  },
};

/**
 * Churches: the public page, My Churches, settings, joining by code or by request, roles, and (from MembershipRoutes)
 * requests and members. The caller is always the token's user; admin and member rights are checked on the church's
 * stream (docs/churches.md). Every route but the public page needs a token (`@ApiBearerAuth` per route, so the
 * document says the page needs none).
 */
@ApiTags('churches')
@Controller('churches')
export class ChurchesController extends MembershipRoutes<'church', void>(churchMembershipRoutes) {
  constructor(
    private readonly commands: ChurchCommands,
    private readonly queries: ChurchQueries,
    membershipCommands: MembershipChanges,
    memberships: MembershipRosters,
  ) {
    super(membershipCommands, memberships);
  }

  /** A withdrawal answers nothing (204). */
  protected withdrawn(): Promise<void> {
    return Promise.resolve();
  }

  @ApiBearerAuth()
  @ApiOperation({ summary: 'My Churches: the caller’s churches with branding and role, and their join requests still waiting.' })
  @ApiResponse({ status: 200, type: MyChurchesDto })
  @ApiProblems(401)
  @Get()
  @CacheTags({ provides: ['MyChurches'] })
  mine(@CurrentUser() caller: AuthUser): Promise<MyChurches> {
    return this.queries.mine(caller.id);
  }

  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Create a church; the creator is its first admin. The address (slug) must be free and not reserved; the colour must reach WCAG AA contrast (4.5:1) with white text and as link text on white.',
  })
  @ApiResponse({ status: 201, type: ChurchSummaryDto })
  @ApiProblems(400, 401, 409)
  @Post()
  @CreatedLocation('/churches/{id}')
  @CacheTags({ invalidates: ['MyChurches'] })
  async create(@CurrentUser() caller: AuthUser, @Body() body: CreateChurchDto, @Req() req: FastifyRequest): Promise<ChurchSummary> {
    const id = await this.commands.create(caller.id, body, metaOfRequest(req));
    return this.queries.summary(caller.id, id);
  }

  @ApiOperation({ summary: 'A church’s public page by its address: logo, colours, welcome and public groups (no sign-in needed).' })
  @ApiResponse({ status: 200, type: ChurchPortalDto })
  @ApiProblems(404)
  @Public()
  @Get('by-slug/:slug')
  @CacheTags({ provides: ['ChurchPortal'] })
  portal(@Param('slug') slug: string): Promise<ChurchPortal> {
    return this.queries.portal(slug);
  }

  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Join a church with its join code (or the code of an invitation link); the caller becomes a member at once.',
    description:
      'Codes that match no church are limited per network at the gateway (docs/churches.md): past the limit, every attempt answers 429 with Retry-After until the window ends.',
  })
  @ApiResponse({ status: 200, type: ChurchSummaryDto })
  @ApiProblems(400, 401, 404, 409, 429)
  // Join codes are short: codes that match no church are limited per network, so they cannot be guessed.
  @EdgePolicy({ rateLimit: 'church-join' })
  @Post('join')
  @HttpCode(200)
  @CacheTags({ invalidates: ['MyChurches', 'ChurchPortal', 'DiscoverGroups'] })
  async join(@CurrentUser() caller: AuthUser, @Body() body: JoinChurchDto, @Req() req: FastifyRequest): Promise<ChurchSummary> {
    const id = await this.commands.joinByCode(caller.id, body.code, metaOfRequest(req));
    return this.queries.summary(caller.id, id);
  }

  @ApiBearerAuth()
  @ApiOperation({ summary: 'A church as its members see it; admins also get its join code and the number of requests waiting.' })
  @ApiResponse({ status: 200, type: ChurchDetailDto })
  @ApiProblems(401, 403, 404)
  @Get(':id')
  @CacheTags({ provides: [{ type: 'Church', idParam: 'id' }] })
  detail(@CurrentUser() caller: AuthUser, @Param('id') id: string): Promise<ChurchDetail> {
    return this.queries.detail(caller.id, id);
  }

  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Church settings (admins): name, address, colour (checked for contrast), welcome, time zone; fields left out keep their value.',
  })
  @ApiResponse({ status: 200, type: ChurchDetailDto })
  @ApiProblems(400, 401, 403, 404, 409)
  @Patch(':id')
  @CacheTags({ invalidates: ['MyChurches', 'ChurchPortal', { type: 'Church', idParam: 'id' }] })
  async update(
    @CurrentUser() caller: AuthUser,
    @Param('id') id: string,
    @Body() body: UpdateChurchDto,
    @Req() req: FastifyRequest,
  ): Promise<ChurchDetail> {
    await this.commands.update(caller.id, id, body, metaOfRequest(req));
    return this.queries.detail(caller.id, id);
  }

  @ApiBearerAuth()
  @ApiOperation({ summary: 'A new join code (admins); the old code and the invitation links that carry it stop working at once.' })
  @ApiResponse({ status: 200, type: ChurchDetailDto })
  @ApiProblems(401, 403, 404)
  @Post(':id/join-code')
  @HttpCode(200)
  @CacheTags({ invalidates: [{ type: 'Church', idParam: 'id' }] })
  async newCode(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<ChurchDetail> {
    await this.commands.newCode(caller.id, id, metaOfRequest(req));
    return this.queries.detail(caller.id, id);
  }

  @ApiBearerAuth()
  @ApiOperation({ summary: 'Ask to join a church without a code; its admins approve or decline.' })
  @ApiResponse({ status: 200, type: ChurchJoinRequestResultDto })
  @ApiProblems(401, 404, 409)
  @Post(':id/requests')
  @HttpCode(200)
  @CacheTags({ invalidates: ['MyChurches'] })
  async request(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<{ status: 'requested' }> {
    await this.commands.request(caller.id, id, metaOfRequest(req));
    return { status: 'requested' };
  }

  @ApiBearerAuth()
  // The document names its schemas in the order it meets them (the generated client's names follow it): the
  // membership routes are read after this class's own, so their lists are named here, where they stood before.
  @ApiExtraModels(ChurchJoinRequestListDto, ChurchMemberListDto)
  @ApiOperation({ summary: 'The church’s groups, private ones included, by name (admins; what member imports match rows against).' })
  @ApiResponse({ status: 200, type: ChurchGroupListDto })
  @ApiProblems(401, 403, 404)
  @Get(':id/groups')
  groups(@CurrentUser() caller: AuthUser, @Param('id') id: string): Promise<ChurchGroupList> {
    return this.queries.groupList(caller.id, id);
  }

  @ApiBearerAuth()
  @ApiOperation({ summary: 'Make a member an admin, or an admin a member (admins); a church always keeps one admin (409).' })
  @ApiResponse({ status: 200, type: ChurchMemberDto })
  @ApiProblems(400, 401, 403, 404, 409)
  @Put(':id/members/:userId/role')
  @CacheTags({ invalidates: ['ChurchMembers', { type: 'Church', idParam: 'id' }] })
  async setRole(
    @CurrentUser() caller: AuthUser,
    @Param('id') id: string,
    @Param('userId') userId: string,
    @Body() body: ChangeChurchRoleDto,
    @Req() req: FastifyRequest,
  ): Promise<ChurchMember> {
    await this.commands.setRole(caller.id, id, userId, body.role, metaOfRequest(req));
    return this.memberships.member('church', caller.id, id, userId);
  }
}
