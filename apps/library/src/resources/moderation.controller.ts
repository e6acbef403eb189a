import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type AuthUser, CurrentUser, Roles } from '@abide/auth';
import { rejectResourceRequestSchema, type Resource, type ReviewQueue } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { ResourceCommands } from './commands/resource-commands';
import { contentDisposition, contentTypeOf } from './files/file-name';
import { ObjectStore } from './files/object-store';
import { ResourceQueries } from './resource-queries';

class RejectDto extends createZodDto(rejectResourceRequestSchema) {}

/** How much extracted text a preview carries. */
export const PREVIEW_CHARS = 20_000;
const pageSchema = z.coerce.number().int().min(1).default(1);
const metaOf = (req: FastifyRequest) => ({ correlationId: String(req.id) });

/** The review queue: moderators and admins only (everyone else 403 on every route). */
@ApiExcludeController()
@Roles('moderator', 'admin')
@Controller('moderation')
export class ModerationController {
  constructor(
    private readonly queries: ResourceQueries,
    private readonly commands: ResourceCommands,
    private readonly objects: ObjectStore,
  ) {}

  @Get('queue')
  queue(): Promise<ReviewQueue> {
    return this.queries.reviewQueue();
  }

  @Get('audit')
  audit(@Query('page') page?: string) {
    const parsed = pageSchema.safeParse(page || undefined);
    if (!parsed.success) throw DomainError.validation([{ field: 'page', message: 'page is a whole number from 1' }]);
    return this.queries.auditPage(parsed.data, 20);
  }

  @Get('resources/:id/text')
  async text(@Param('id') id: string) {
    const view = await this.queries.forModerator(id);
    return { resourceId: view._id, text: view.text.slice(0, PREVIEW_CHARS), truncated: view.text.length > PREVIEW_CHARS };
  }

  /** The file itself, inline, for the preview (the web loads it with the bearer token into a blob URL). */
  @Get('resources/:id/file')
  async file(@Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    const view = await this.queries.forModerator(id);
    if (!view.stored) throw DomainError.conflict('This file is still being processed.');
    const body = await this.objects.stream('store', view.storageKey);
    await reply
      .header('content-type', contentTypeOf(view.fileType))
      .header('content-disposition', contentDisposition('inline', view.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(body);
  }

  @Post('resources/:id/approve')
  @HttpCode(200)
  async approve(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<Resource> {
    await this.commands.approve(caller.id, id, metaOf(req));
    return (await this.queries.toResources([await this.queries.forModerator(id)], ''))[0];
  }

  @Post('resources/:id/reject')
  @HttpCode(200)
  async reject(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Body() body: RejectDto, @Req() req: FastifyRequest): Promise<Resource> {
    await this.commands.reject(caller.id, id, body.reason, metaOf(req));
    return (await this.queries.toResources([await this.queries.forModerator(id)], ''))[0];
  }
}
