import { z } from 'zod';
import { ApiProblems, createZodDto, CreatedLocation, SealedAnswers, CacheTags } from '@abide/platform';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiResponse, ApiOperation, ApiTags, ApiBearerAuth } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import { answerPrayerRequestSchema, postPrayerRequestSchema, type PrayerRequest, prayerRequestSchema } from '@abide/contracts';
import type { FastifyRequest } from 'fastify';
import { PrayerCommands } from './commands/prayer.commands';
import { PrayerQueries } from './prayer.queries';
import { metaOfRequest } from '@abide/event-store';

class PrayerRequestListDto extends createZodDto(z.array(prayerRequestSchema)) {}
class PrayerRequestDto extends createZodDto(prayerRequestSchema) {}

class PostPrayerDto extends createZodDto(postPrayerRequestSchema) {}
class AnswerPrayerDto extends createZodDto(answerPrayerRequestSchema) {}

/** A group's prayer requests: members only (404 for a private group's outsiders, 403 for a public group's). */
@ApiTags('groups')
@ApiBearerAuth()
// Prayers are sealed at rest: so are the answers kept for a repeated write.
@SealedAnswers()
@Controller('groups/:id/prayers')
export class PrayersController {
  constructor(
    private readonly commands: PrayerCommands,
    private readonly queries: PrayerQueries,
  ) {}

  @ApiOperation({ summary: 'The group’s prayer requests, newest first (members only; hidden ones only to leaders and their author).' })
  @ApiResponse({ status: 200, type: PrayerRequestListDto })
  @ApiProblems(401, 403, 404)
  @Get()
  @CacheTags({ provides: ['Prayers'] })
  list(@CurrentUser() caller: AuthUser, @Param('id') groupId: string): Promise<PrayerRequest[]> {
    return this.queries.list(caller.id, groupId);
  }

  @ApiOperation({ summary: 'Share a prayer request (members), optionally anonymous to the other members.' })
  @ApiResponse({ status: 201, type: PrayerRequestDto })
  @ApiProblems(400, 401, 403, 404)
  @Post()
  @CreatedLocation('/groups/:id/prayers/{id}')
  @CacheTags({ invalidates: ['Prayers'] })
  async post(
    @CurrentUser() caller: AuthUser,
    @Param('id') groupId: string,
    @Body() body: PostPrayerDto,
    @Req() req: FastifyRequest,
  ): Promise<PrayerRequest> {
    const prayerId = await this.commands.post(caller.id, groupId, body, metaOfRequest(req));
    return this.queries.one(caller.id, groupId, prayerId);
  }

  @ApiOperation({ summary: '“I prayed”: counted once per member.' })
  @ApiResponse({ status: 200, type: PrayerRequestDto })
  @ApiProblems(401, 403, 404)
  @Post(':prayerId/prayed')
  @HttpCode(200)
  @CacheTags({ invalidates: ['Prayers'] })
  async prayed(
    @CurrentUser() caller: AuthUser,
    @Param('id') groupId: string,
    @Param('prayerId') prayerId: string,
    @Req() req: FastifyRequest,
  ): Promise<PrayerRequest> {
    await this.commands.pray(caller.id, groupId, prayerId, metaOfRequest(req));
    return this.queries.one(caller.id, groupId, prayerId);
  }

  @ApiOperation({ summary: 'Mark a prayer request answered with a short testimony (its author only).' })
  @ApiResponse({ status: 200, type: PrayerRequestDto })
  @ApiProblems(400, 401, 403, 404)
  @Post(':prayerId/answered')
  @HttpCode(200)
  @CacheTags({ invalidates: ['Prayers'] })
  async answered(
    @CurrentUser() caller: AuthUser,
    @Param('id') groupId: string,
    @Param('prayerId') prayerId: string,
    @Body() body: AnswerPrayerDto,
    @Req() req: FastifyRequest,
  ): Promise<PrayerRequest> {
    await this.commands.answer(caller.id, groupId, prayerId, body.testimony, metaOfRequest(req));
    return this.queries.one(caller.id, groupId, prayerId);
  }

  @ApiOperation({ summary: 'Hide a prayer request from the group (owner and co-leaders).' })
  @ApiResponse({ status: 200, type: PrayerRequestDto })
  @ApiProblems(401, 403, 404)
  @Post(':prayerId/hide')
  @HttpCode(200)
  @CacheTags({ invalidates: ['Prayers'] })
  async hide(
    @CurrentUser() caller: AuthUser,
    @Param('id') groupId: string,
    @Param('prayerId') prayerId: string,
    @Req() req: FastifyRequest,
  ): Promise<PrayerRequest> {
    await this.commands.hide(caller.id, groupId, prayerId, metaOfRequest(req));
    return this.queries.one(caller.id, groupId, prayerId);
  }

  @ApiOperation({ summary: 'Delete one’s own prayer request.' })
  @ApiResponse({ status: 204, description: 'Deleted' })
  @ApiProblems(401, 403, 404)
  @Delete(':prayerId')
  @HttpCode(204)
  @CacheTags({ invalidates: ['Prayers'] })
  async remove(
    @CurrentUser() caller: AuthUser,
    @Param('id') groupId: string,
    @Param('prayerId') prayerId: string,
    @Req() req: FastifyRequest,
  ): Promise<void> {
    await this.commands.remove(caller.id, groupId, prayerId, metaOfRequest(req));
  }
}
