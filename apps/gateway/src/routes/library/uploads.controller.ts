import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  downloadLinkSchema,
  MAX_UPLOAD_BYTES,
  reportResourceRequestSchema,
  resourcePageSchema,
  resourceSchema,
  resourceStatuses,
  submitDraftRequestSchema,
  targetAudiences,
  updateDraftRequestSchema,
  uploadCategoryIds,
  uploadMessages,
  visibilities,
} from '@abide/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { ApiProblems } from '../../docs/api-problems.decorator';
import { ServiceClient } from '../../proxy/service-client';

export class ResourceDto extends createZodDto(resourceSchema) {}
class ResourcePageDto extends createZodDto(resourcePageSchema) {}
class DownloadLinkDto extends createZodDto(downloadLinkSchema) {}
class UpdateDraftDto extends createZodDto(updateDraftRequestSchema) {}
class SubmitDraftDto extends createZodDto(submitDraftRequestSchema) {}
class ReportDto extends createZodDto(reportResourceRequestSchema) {}

/** An upload streams through to the library; 10 MiB over a slow link needs longer than an ordinary call. */
const UPLOAD_TIMEOUT_MS = 120_000;

const uploadForm = {
  type: 'object',
  required: ['file'],
  properties: {
    file: {
      type: 'string',
      format: 'binary',
      description: `PDF, DOCX or TXT (decided from the content), at most ${MAX_UPLOAD_BYTES} bytes`,
    },
    title: { type: 'string', description: 'Empty: the file name without its extension' },
    description: { type: 'string' },
    category: { type: 'string', enum: uploadCategoryIds },
    tags: {
      type: 'array',
      items: { type: 'string' },
      description: 'Repeated parts, one comma-separated part or a JSON array; lowercased, de-duplicated',
    },
    targetAudience: { type: 'string', enum: [...targetAudiences], default: 'all-levels' },
    visibility: { type: 'string', enum: [...visibilities], default: 'public' },
    groupId: { type: 'string', description: 'Required for `group` visibility: one of your groups' },
    termsAccepted: { type: 'string', enum: ['true', 'false'], description: 'Required unless saving a draft' },
    draft: { type: 'string', enum: ['true', 'false'], description: "'Save Draft': keeps the file and fields, visible only to you" },
  },
};

/** The library: uploads, search, drafts, downloads and reports, served by the library service. */
@ApiTags('library')
@ApiBearerAuth()
@Controller('uploads')
export class UploadsController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({
    summary:
      "The library: approved public resources, your groups' resources and your own, newest first. `q` searches title, description, tags and the files' text; `category` is exact, `topic` matches a tag containing it ('all' or empty: no filter). `mine=1`: 'My uploads' (every status, drafts too).",
  })
  @ApiQuery({ name: 'q', required: false, type: String })
  @ApiQuery({ name: 'category', required: false, type: String })
  @ApiQuery({ name: 'topic', required: false, type: String })
  @ApiQuery({
    name: 'approved',
    required: false,
    enum: ['true', 'false'],
    description: 'Accepted for compatibility; the library lists only what you may see anyway',
  })
  @ApiQuery({ name: 'mine', required: false, enum: ['1', '0'] })
  @ApiQuery({ name: 'status', required: false, enum: resourceStatuses, description: 'With mine=1' })
  @ApiQuery({ name: 'page', required: false, type: Number, description: 'From 1' })
  @ApiQuery({ name: 'pageSize', required: false, type: Number, description: '1–50, default 12' })
  @ApiResponse({ status: 200, type: ResourcePageDto })
  @ApiProblems(400, 401)
  async list(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Query() _query: Record<string, string>): Promise<void> {
    await this.services.forward('library', req, reply);
  }

  @Post()
  @ApiConsumes('multipart/form-data')
  @ApiOperation({
    summary: `Upload a resource (multipart, streamed to the object store). Checks in the spec's order: file ('${uploadMessages.noFile.description}'), title, category, terms; '${uploadMessages.badType}' whatever the name says; '${uploadMessages.tooLarge(MAX_UPLOAD_BYTES)}' (413). Public uploads are reviewed before they appear; group and private ones appear once processed.`,
  })
  @ApiBody({ schema: uploadForm })
  @ApiResponse({ status: 201, type: ResourceDto })
  @ApiProblems(400, 401, 413)
  async upload(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('library', req, reply, { timeoutMs: UPLOAD_TIMEOUT_MS });
  }

  @Get(':id')
  @ApiOperation({ summary: 'One resource you may see (your own in any status; others answer 404).' })
  @ApiResponse({ status: 200, type: ResourceDto })
  @ApiProblems(401, 404)
  async get(@Param('id') _id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('library', req, reply);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Edit one of your drafts (only the fields given change; each is checked).' })
  @ApiBody({ type: UpdateDraftDto })
  @ApiResponse({ status: 200, type: ResourceDto })
  @ApiProblems(400, 401, 404, 409)
  async update(@Param('id') _id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply, @Body() _body: unknown): Promise<void> {
    await this.services.forward('library', req, reply);
  }

  @Post(':id/submit')
  @HttpCode(200)
  @ApiOperation({ summary: 'Submit one of your drafts for processing (every upload check applies, the terms included).' })
  @ApiBody({ type: SubmitDraftDto })
  @ApiResponse({ status: 200, type: ResourceDto })
  @ApiProblems(400, 401, 404, 409)
  async submit(@Param('id') _id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply, @Body() _body: unknown): Promise<void> {
    await this.services.forward('library', req, reply);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete one of your resources and its file.' })
  @ApiResponse({ status: 204, description: 'Deleted' })
  @ApiProblems(401, 404, 409)
  async remove(@Param('id') _id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('library', req, reply);
  }

  @Post(':id/download')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'A short-lived pre-signed URL (minutes) to download the file from the object store, served as an attachment with its checked content type and `nosniff`. Counts a download (so a POST: reads never write).',
  })
  @ApiResponse({ status: 200, type: DownloadLinkDto })
  @ApiProblems(401, 404, 409)
  async download(@Param('id') _id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('library', req, reply, { body: {} });
  }

  @Post(':id/reports')
  @HttpCode(204)
  @ApiOperation({
    summary:
      'Report an approved resource (one report each, not your own). After the configured number of distinct reports it leaves the library until a moderator reviews it again.',
  })
  @ApiBody({ type: ReportDto })
  @ApiResponse({ status: 204, description: 'Reported' })
  @ApiProblems(400, 401, 403, 404, 409)
  async report(@Param('id') _id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply, @Body() _body: unknown): Promise<void> {
    await this.services.forward('library', req, reply);
  }
}
