import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiProduces, ApiResponse, ApiOperation, ApiBody, ApiTags, ApiBearerAuth } from '@nestjs/swagger';
import { type AuthUser, CurrentUser, Roles } from '@abide/auth';
import {
  rejectResourceRequestSchema,
  type Resource,
  type ReviewQueue,
  reviewQueueSchema,
  auditPageSchema,
  reviewPreviewSchema,
  resourceFileTypes,
} from '@abide/contracts';
import { DomainError, ApiProblems, ApiQueryFrom, createZodDto, EdgePolicy, CacheTags } from '@abide/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ResourceCommands } from './commands/resource.commands';
import { contentDisposition, contentTypeOf, ObjectStorage } from '../files/files.port';
import { ResourceQueries } from './resource.queries';
import { ResourceDto } from './uploads.controller';
import { metaOfRequest } from '@abide/event-store';

class ReviewQueueDto extends createZodDto(reviewQueueSchema) {}
class AuditPageDto extends createZodDto(auditPageSchema) {}
class ReviewPreviewDto extends createZodDto(reviewPreviewSchema) {}

class RejectDto extends createZodDto(rejectResourceRequestSchema) {}

/** How much extracted text a preview carries. */
export const PREVIEW_CHARS = 20_000;
const pageSchema = z.coerce.number().int().min(1).default(1);
/** The media types a file is served in (the preview names its own; file-name.ts). */
const fileTypes = resourceFileTypes.map((type) => contentTypeOf(type).split(';')[0]);

/** The review queue: moderators and admins only (everyone else 403 on every route). */
@ApiTags('moderation')
@ApiBearerAuth()
@Roles('moderator', 'admin')
@Controller('moderation')
export class ModerationController {
  constructor(
    private readonly queries: ResourceQueries,
    private readonly commands: ResourceCommands,
    private readonly objects: ObjectStorage,
  ) {}

  @ApiOperation({ summary: 'Resources waiting for review, oldest first (new public uploads and reported ones), with counts.' })
  @ApiResponse({ status: 200, type: ReviewQueueDto })
  @ApiProblems(401, 403)
  @Get('queue')
  @CacheTags({ provides: ['ReviewQueue'] })
  queue(): Promise<ReviewQueue> {
    return this.queries.reviewQueue();
  }

  @ApiOperation({ summary: 'The audit trail: who approved or rejected what, and when (newest first, 20 a page).' })
  @ApiQueryFrom(z.object({ page: pageSchema }))
  @ApiResponse({ status: 200, type: AuditPageDto })
  @ApiProblems(400, 401, 403)
  @Get('audit')
  @CacheTags({ provides: ['ModerationAudit'] })
  audit(@Query('page') page?: string) {
    const parsed = pageSchema.safeParse(page);
    if (!parsed.success) throw DomainError.validation([{ field: 'page', message: 'page is a whole number from 1' }]);
    return this.queries.auditPage(parsed.data, 20);
  }

  @ApiOperation({ summary: "The text extracted from a resource's file, for the preview." })
  @ApiResponse({ status: 200, type: ReviewPreviewDto })
  @ApiProblems(401, 403, 404)
  @Get('resources/:id/text')
  async text(@Param('id') id: string) {
    const view = await this.queries.forModerator(id);
    return { resourceId: view._id, text: view.text.slice(0, PREVIEW_CHARS), truncated: view.text.length > PREVIEW_CHARS };
  }

  /** The file itself, inline, for the preview (the web loads it with the bearer token into a blob URL). */
  @ApiProduces(...fileTypes)
  @ApiOperation({
    summary:
      'The file itself, inline, with its checked content type, `X-Content-Type-Options: nosniff` and `Cache-Control: private, no-store` (load it with the token into a blob URL).',
  })
  @ApiResponse({
    status: 200,
    description: 'The file, in its own type',
    content: Object.fromEntries(fileTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
  })
  @ApiProblems(401, 403, 404, 409)
  // The preview streams a whole file.
  @EdgePolicy({ timeoutMs: 60_000 })
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

  @ApiOperation({
    summary: 'Approve a resource in review: it appears in the library and its uploader is notified. Not your own upload (403).',
  })
  @ApiResponse({ status: 200, type: ResourceDto })
  @ApiProblems(401, 403, 404, 409)
  @Post('resources/:id/approve')
  @HttpCode(200)
  @CacheTags({ invalidates: ['ReviewQueue', 'Resources', 'ModerationAudit'] })
  async approve(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<Resource> {
    await this.commands.approve(caller.id, id, metaOfRequest(req));
    return (await this.queries.toResources([await this.queries.forModerator(id)], ''))[0];
  }

  @ApiOperation({ summary: 'Reject a resource in review with a reason the uploader reads. Not your own upload (403).' })
  @ApiBody({ type: RejectDto })
  @ApiResponse({ status: 200, type: ResourceDto })
  @ApiProblems(400, 401, 403, 404, 409)
  @Post('resources/:id/reject')
  @HttpCode(200)
  @CacheTags({ invalidates: ['ReviewQueue', 'Resources', 'ModerationAudit'] })
  async reject(
    @CurrentUser() caller: AuthUser,
    @Param('id') id: string,
    @Body() body: RejectDto,
    @Req() req: FastifyRequest,
  ): Promise<Resource> {
    await this.commands.reject(caller.id, id, body.reason, metaOfRequest(req));
    return (await this.queries.toResources([await this.queries.forModerator(id)], ''))[0];
  }
}
