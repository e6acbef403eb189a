import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  answerPrayerRequestSchema,
  changeRoleRequestSchema,
  createGroupRequestSchema,
  dashboardSchema,
  groupMemberSchema,
  groupPageSchema,
  groupSummarySchema,
  handOverRequestSchema,
  joinRequestSchema,
  joinResultSchema,
  myRatingSchema,
  postPrayerRequestSchema,
  prayerRequestSchema,
  rateMeetingRequestSchema,
  updateGroupRequestSchema,
} from '@abide/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { ApiProblems } from '../../docs/api-problems.decorator';
import { ServiceClient } from '../../proxy/service-client';

class GroupSummaryDto extends createZodDto(groupSummarySchema) {}
class GroupSummaryListDto extends createZodDto(z.array(groupSummarySchema)) {}
class GroupPageDto extends createZodDto(groupPageSchema) {}
class CreateGroupDto extends createZodDto(createGroupRequestSchema) {}
class UpdateGroupDto extends createZodDto(updateGroupRequestSchema) {}
class JoinResultDto extends createZodDto(joinResultSchema) {}
class GroupMemberDto extends createZodDto(groupMemberSchema) {}
class GroupMemberListDto extends createZodDto(z.array(groupMemberSchema)) {}
class ChangeRoleDto extends createZodDto(changeRoleRequestSchema) {}
class HandOverDto extends createZodDto(handOverRequestSchema) {}
class JoinRequestListDto extends createZodDto(z.array(joinRequestSchema)) {}
class DashboardDto extends createZodDto(dashboardSchema) {}
class RateMeetingDto extends createZodDto(rateMeetingRequestSchema) {}
class MyRatingDto extends createZodDto(myRatingSchema) {}
class PostPrayerDto extends createZodDto(postPrayerRequestSchema) {}
class AnswerPrayerDto extends createZodDto(answerPrayerRequestSchema) {}
class PrayerRequestDto extends createZodDto(prayerRequestSchema) {}
class PrayerRequestListDto extends createZodDto(z.array(prayerRequestSchema)) {}

/**
 * Community: groups, membership, join requests, the leaders' dashboard, meeting ratings and prayer requests.
 * Inner data (members, prayers, ratings) is for members: a private group's outsiders get 404, a public group's 403.
 */
@ApiTags('groups')
@ApiBearerAuth()
@Controller('groups')
export class GroupsController {
  constructor(private readonly services: ServiceClient) {}

  private forward(req: FastifyRequest, reply: FastifyReply, body?: unknown): Promise<void> {
    return this.services.forward('community', req, reply, body === undefined ? {} : { body });
  }

  @Get()
  @ApiOperation({ summary: 'My Groups: the caller’s groups with member count, weekly progress, Active badge and recent activity.' })
  @ApiResponse({ status: 200, type: GroupSummaryListDto })
  @ApiProblems(401)
  async mine(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.forward(req, reply);
  }

  @Post()
  @ApiOperation({
    summary: 'Create a group; the creator is its owner. The free plan allows GROUP_OWNERSHIP_LIMIT owned groups (403 beyond).',
  })
  @ApiResponse({ status: 201, type: GroupSummaryDto })
  @ApiProblems(400, 401, 403)
  async create(@Body() body: CreateGroupDto, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.forward(req, reply, body);
  }

  @Get('discover')
  @ApiOperation({ summary: 'Discover: search public and private groups by name and description (case-insensitive), paged.' })
  @ApiQuery({ name: 'q', required: false })
  @ApiQuery({ name: 'page', required: false, description: 'From 1 (default 1)' })
  @ApiQuery({ name: 'pageSize', required: false, description: '1–50 (default 12)' })
  @ApiResponse({ status: 200, type: GroupPageDto })
  @ApiProblems(400, 401)
  async discover(@Query() _query: unknown, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.forward(req, reply);
  }

  @Get(':id')
  @ApiOperation({ summary: 'A group’s summary (anyone signed in; a private group’s shows no member activity to outsiders).' })
  @ApiResponse({ status: 200, type: GroupSummaryDto })
  @ApiProblems(401, 404)
  async one(@Param('id') _id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.forward(req, reply);
  }

  @Patch(':id')
  @ApiOperation({
    summary: 'Group Settings (owner and co-leaders): name, description, privacy, meeting; fields left out keep their value.',
  })
  @ApiResponse({ status: 200, type: GroupSummaryDto })
  @ApiProblems(400, 401, 403, 404, 409)
  async update(
    @Param('id') _id: string,
    @Body() body: UpdateGroupDto,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.forward(req, reply, body);
  }

  @Post(':id/join')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Request to Join: a public group is joined at once (`joined`), a private one gets a pending request (`requested`).',
  })
  @ApiResponse({ status: 200, type: JoinResultDto })
  @ApiProblems(401, 404, 409)
  async join(@Param('id') _id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.forward(req, reply, {});
  }

  @Delete(':id/requests/mine')
  @ApiOperation({ summary: 'Withdraw the caller’s pending join request.' })
  @ApiResponse({ status: 200, type: GroupSummaryDto })
  @ApiProblems(401, 404)
  async withdraw(@Param('id') _id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.forward(req, reply);
  }

  @Post(':id/leave')
  @HttpCode(204)
  @ApiOperation({
    summary:
      'Leave a group. The owner may leave only as the last member (which closes the group); otherwise hand over ownership first (409).',
  })
  @ApiResponse({ status: 204, description: 'Left' })
  @ApiProblems(401, 404, 409)
  async leave(@Param('id') _id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.forward(req, reply, {});
  }

  @Post(':id/owner')
  @HttpCode(200)
  @ApiOperation({ summary: 'Hand the group to another member (owner only); the former owner stays on as a co-leader.' })
  @ApiResponse({ status: 200, type: GroupMemberListDto })
  @ApiProblems(400, 401, 403, 404, 409)
  async handOver(
    @Param('id') _id: string,
    @Body() body: HandOverDto,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.forward(req, reply, body);
  }

  @Get(':id/members')
  @ApiOperation({ summary: 'The group’s members with role and joined date (members only).' })
  @ApiResponse({ status: 200, type: GroupMemberListDto })
  @ApiProblems(401, 403, 404)
  async members(@Param('id') _id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.forward(req, reply);
  }

  @Delete(':id/members/:userId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove a member: the owner removes anyone but themself, co-leaders remove plain members.' })
  @ApiResponse({ status: 204, description: 'Removed' })
  @ApiProblems(401, 403, 404, 409)
  async remove(
    @Param('id') _id: string,
    @Param('userId') _userId: string,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.forward(req, reply);
  }

  @Put(':id/members/:userId/role')
  @ApiOperation({ summary: 'Promote a member to co-leader or demote one (owner only).' })
  @ApiResponse({ status: 200, type: GroupMemberDto })
  @ApiProblems(400, 401, 403, 404, 409)
  async changeRole(
    @Param('id') _id: string,
    @Param('userId') _userId: string,
    @Body() body: ChangeRoleDto,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.forward(req, reply, body);
  }

  @Get(':id/requests')
  @ApiOperation({ summary: 'Pending join requests (owner and co-leaders).' })
  @ApiResponse({ status: 200, type: JoinRequestListDto })
  @ApiProblems(401, 403, 404)
  async requests(@Param('id') _id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.forward(req, reply);
  }

  @Post(':id/requests/:requestId/approve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve a join request (owner and co-leaders); answers the requests still pending.' })
  @ApiResponse({ status: 200, type: JoinRequestListDto })
  @ApiProblems(401, 403, 404, 409)
  async approve(
    @Param('id') _id: string,
    @Param('requestId') _r: string,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.forward(req, reply, {});
  }

  @Post(':id/requests/:requestId/decline')
  @HttpCode(200)
  @ApiOperation({ summary: 'Decline a join request (owner and co-leaders); answers the requests still pending.' })
  @ApiResponse({ status: 200, type: JoinRequestListDto })
  @ApiProblems(401, 403, 404, 409)
  async decline(
    @Param('id') _id: string,
    @Param('requestId') _r: string,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.forward(req, reply, {});
  }

  @Get(':id/dashboard')
  @ApiOperation({
    summary:
      'Leadership Dashboard (owner and co-leaders): members’ weeks (counts only; null for members who do not share), 8-week chart, week streak, average rating, pending requests.',
  })
  @ApiResponse({ status: 200, type: DashboardDto })
  @ApiProblems(401, 403, 404)
  async dashboard(@Param('id') _id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.forward(req, reply);
  }

  @Post(':id/ratings')
  @HttpCode(200)
  @ApiOperation({ summary: 'Rate a week’s meeting 1–5 (members; default this week); rating again replaces it.' })
  @ApiResponse({ status: 200, type: MyRatingDto })
  @ApiProblems(400, 401, 403, 404, 409)
  async rate(
    @Param('id') _id: string,
    @Body() body: RateMeetingDto,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.forward(req, reply, body);
  }

  @Get(':id/ratings/mine')
  @ApiOperation({ summary: 'The caller’s rating of a week’s meeting (default this week; rating null when not rated).' })
  @ApiQuery({ name: 'weekStart', required: false, description: 'The Sunday of the week, YYYY-MM-DD' })
  @ApiResponse({ status: 200, type: MyRatingDto })
  @ApiProblems(400, 401, 403, 404)
  async myRating(@Param('id') _id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.forward(req, reply);
  }

  @Get(':id/prayers')
  @ApiOperation({ summary: 'The group’s prayer requests, newest first (members only; hidden ones only to leaders and their author).' })
  @ApiResponse({ status: 200, type: PrayerRequestListDto })
  @ApiProblems(401, 403, 404)
  async prayers(@Param('id') _id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.forward(req, reply);
  }

  @Post(':id/prayers')
  @ApiOperation({ summary: 'Share a prayer request (members), optionally anonymous to the other members.' })
  @ApiResponse({ status: 201, type: PrayerRequestDto })
  @ApiProblems(400, 401, 403, 404)
  async postPrayer(
    @Param('id') _id: string,
    @Body() body: PostPrayerDto,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.forward(req, reply, body);
  }

  @Post(':id/prayers/:prayerId/prayed')
  @HttpCode(200)
  @ApiOperation({ summary: '“I prayed”: counted once per member.' })
  @ApiResponse({ status: 200, type: PrayerRequestDto })
  @ApiProblems(401, 403, 404)
  async prayed(
    @Param('id') _id: string,
    @Param('prayerId') _p: string,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.forward(req, reply, {});
  }

  @Post(':id/prayers/:prayerId/answered')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark a prayer request answered with a short testimony (its author only).' })
  @ApiResponse({ status: 200, type: PrayerRequestDto })
  @ApiProblems(400, 401, 403, 404)
  async answered(
    @Param('id') _id: string,
    @Param('prayerId') _p: string,
    @Body() body: AnswerPrayerDto,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.forward(req, reply, body);
  }

  @Post(':id/prayers/:prayerId/hide')
  @HttpCode(200)
  @ApiOperation({ summary: 'Hide a prayer request from the group (owner and co-leaders).' })
  @ApiResponse({ status: 200, type: PrayerRequestDto })
  @ApiProblems(401, 403, 404)
  async hide(
    @Param('id') _id: string,
    @Param('prayerId') _p: string,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.forward(req, reply, {});
  }

  @Delete(':id/prayers/:prayerId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete one’s own prayer request.' })
  @ApiResponse({ status: 204, description: 'Deleted' })
  @ApiProblems(401, 403, 404)
  async removePrayer(
    @Param('id') _id: string,
    @Param('prayerId') _p: string,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.forward(req, reply);
  }
}
