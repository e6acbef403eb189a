import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiProduces, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { auditPageSchema, rejectResourceRequestSchema, reviewPreviewSchema, reviewQueueSchema } from '@abide/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { ApiProblems } from '../../docs/api-problems.decorator';
import { ServiceClient } from '../../proxy/service-client';
import { ResourceDto } from './uploads.controller';

class ReviewQueueDto extends createZodDto(reviewQueueSchema) {}
class ReviewPreviewDto extends createZodDto(reviewPreviewSchema) {}
class RejectDto extends createZodDto(rejectResourceRequestSchema) {}
class AuditPageDto extends createZodDto(auditPageSchema) {}

/** The Review Queue: moderators and admins only; the library service checks the role on every route (others 403). */
@ApiTags('moderation')
@ApiBearerAuth()
@Controller('moderation')
export class ModerationController {
  constructor(private readonly services: ServiceClient) {}

  @Get('queue')
  @ApiOperation({ summary: 'Resources waiting for review, oldest first (new public uploads and reported ones), with counts.' })
  @ApiResponse({ status: 200, type: ReviewQueueDto })
  @ApiProblems(401, 403)
  async queue(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('library', req, reply);
  }

  @Get('audit')
  @ApiOperation({ summary: 'The audit trail: who approved or rejected what, and when (newest first, 20 a page).' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiResponse({ status: 200, type: AuditPageDto })
  @ApiProblems(400, 401, 403)
  async audit(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Query() _query: Record<string, string>): Promise<void> {
    await this.services.forward('library', req, reply);
  }

  @Get('resources/:id/text')
  @ApiOperation({ summary: "The text extracted from a resource's file, for the preview." })
  @ApiResponse({ status: 200, type: ReviewPreviewDto })
  @ApiProblems(401, 403, 404)
  async text(@Param('id') _id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('library', req, reply);
  }

  @Get('resources/:id/file')
  @ApiProduces('application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'text/plain')
  @ApiOperation({
    summary: 'The file itself, inline, with its checked content type, `X-Content-Type-Options: nosniff` and `Cache-Control: private, no-store` (load it with the token into a blob URL).',
  })
  @ApiResponse({ status: 200, description: 'The file', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiProblems(401, 403, 404, 409)
  async file(@Param('id') _id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    // The proxy passes on only a few response headers; the browser must never sniff an uploaded file.
    reply.header('x-content-type-options', 'nosniff');
    await this.services.forward('library', req, reply, { timeoutMs: 60_000 });
  }

  @Post('resources/:id/approve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Approve a resource in review: it appears in the library and its uploader is notified. Not your own upload (403).' })
  @ApiResponse({ status: 200, type: ResourceDto })
  @ApiProblems(401, 403, 404, 409)
  async approve(@Param('id') _id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('library', req, reply);
  }

  @Post('resources/:id/reject')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reject a resource in review with a reason the uploader reads. Not your own upload (403).' })
  @ApiBody({ type: RejectDto })
  @ApiResponse({ status: 200, type: ResourceDto })
  @ApiProblems(400, 401, 403, 404, 409)
  async reject(@Param('id') _id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply, @Body() _body: unknown): Promise<void> {
    await this.services.forward('library', req, reply);
  }
}
