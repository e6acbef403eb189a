import { Body, Controller, Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import { answerPrayerRequestSchema, postPrayerRequestSchema, type PrayerRequest } from '@abide/contracts';
import type { FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { PrayerCommands } from './commands/prayer-commands';
import { PrayerQueries } from './prayer-queries';

class PostPrayerDto extends createZodDto(postPrayerRequestSchema) {}
class AnswerPrayerDto extends createZodDto(answerPrayerRequestSchema) {}

const metaOf = (req: FastifyRequest) => ({ correlationId: String(req.id) });

/** A group's prayer requests: members only (404 for a private group's outsiders, 403 for a public group's). */
@ApiExcludeController()
@Controller('groups/:id/prayers')
export class PrayersController {
  constructor(
    private readonly commands: PrayerCommands,
    private readonly queries: PrayerQueries,
  ) {}

  @Get()
  list(@CurrentUser() caller: AuthUser, @Param('id') groupId: string): Promise<PrayerRequest[]> {
    return this.queries.list(caller.id, groupId);
  }

  @Post()
  async post(
    @CurrentUser() caller: AuthUser,
    @Param('id') groupId: string,
    @Body() body: PostPrayerDto,
    @Req() req: FastifyRequest,
  ): Promise<PrayerRequest> {
    const prayerId = await this.commands.post(caller.id, groupId, body, metaOf(req));
    return this.queries.one(caller.id, groupId, prayerId);
  }

  @Post(':prayerId/prayed')
  @HttpCode(200)
  async prayed(
    @CurrentUser() caller: AuthUser,
    @Param('id') groupId: string,
    @Param('prayerId') prayerId: string,
    @Req() req: FastifyRequest,
  ): Promise<PrayerRequest> {
    await this.commands.pray(caller.id, groupId, prayerId, metaOf(req));
    return this.queries.one(caller.id, groupId, prayerId);
  }

  @Post(':prayerId/answered')
  @HttpCode(200)
  async answered(
    @CurrentUser() caller: AuthUser,
    @Param('id') groupId: string,
    @Param('prayerId') prayerId: string,
    @Body() body: AnswerPrayerDto,
    @Req() req: FastifyRequest,
  ): Promise<PrayerRequest> {
    await this.commands.answer(caller.id, groupId, prayerId, body.testimony, metaOf(req));
    return this.queries.one(caller.id, groupId, prayerId);
  }

  @Post(':prayerId/hide')
  @HttpCode(200)
  async hide(
    @CurrentUser() caller: AuthUser,
    @Param('id') groupId: string,
    @Param('prayerId') prayerId: string,
    @Req() req: FastifyRequest,
  ): Promise<PrayerRequest> {
    await this.commands.hide(caller.id, groupId, prayerId, metaOf(req));
    return this.queries.one(caller.id, groupId, prayerId);
  }

  @Delete(':prayerId')
  @HttpCode(204)
  async remove(
    @CurrentUser() caller: AuthUser,
    @Param('id') groupId: string,
    @Param('prayerId') prayerId: string,
    @Req() req: FastifyRequest,
  ): Promise<void> {
    await this.commands.remove(caller.id, groupId, prayerId, metaOf(req));
  }
}
