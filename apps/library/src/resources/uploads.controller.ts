import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiConsumes, ApiResponse, ApiBody, ApiTags, ApiBearerAuth } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import {
  type DownloadLink,
  listResourcesQuerySchema,
  reportResourceRequestSchema,
  type Resource,
  type ResourcePage,
  submitDraftRequestSchema,
  updateDraftRequestSchema,
  MAX_UPLOAD_BYTES,
  targetAudiences,
  uploadCategoryIds,
  uploadMessages,
  downloadLinkSchema,
  resourceSchema,
  resourcePageSchema,
  visibilities,
  UPLOAD_TIMEOUT_MS,
} from '@abide/contracts';
import { ApiProblems, createZodDto, ApiQueryFrom, CreatedLocation, parseQuery, EdgePolicy, CacheTags } from '@abide/platform';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DownloadService } from './download.service';
import { ResourceCommands } from './commands/resource.commands';
import { ResourceQueries } from './resource.queries';
import { UploadService } from './upload.service';
import { metaOfRequest } from '@abide/event-store';

class ResourcePageDto extends createZodDto(resourcePageSchema) {}
export class ResourceDto extends createZodDto(resourceSchema) {}
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
    churchId: { type: 'string', description: 'Required for `church` visibility: one of your churches' },
    termsAccepted: { type: 'string', enum: ['true', 'false'], description: 'Required unless saving a draft' },
    draft: { type: 'string', enum: ['true', 'false'], description: "'Save Draft': keeps the file and fields, visible only to you" },
  },
};
class DownloadLinkDto extends createZodDto(downloadLinkSchema) {}

class UpdateDraftDto extends createZodDto(updateDraftRequestSchema) {}
class SubmitDraftDto extends createZodDto(submitDraftRequestSchema) {}
/** How submitting is documented: the terms must be accepted (`false` is refused with the upload form's message). */
class AcceptedTermsDto extends createZodDto(z.object({ termsAccepted: z.literal(true) })) {}
class ReportDto extends createZodDto(reportResourceRequestSchema) {}

/** Uploads, the library list and downloads; the caller is always the token's member. */
@ApiTags('library')
@ApiBearerAuth()
@Controller('uploads')
export class UploadsController {
  constructor(
    private readonly uploads: UploadService,
    private readonly commands: ResourceCommands,
    private readonly queries: ResourceQueries,
    private readonly downloads: DownloadService,
  ) {}

  @ApiOperation({
    summary:
      "The library: approved public resources, your groups' resources and your own, newest first. `q` searches title, description, tags and the files' text; `category` is exact, `topic` matches a tag containing it ('all' or empty: no filter). `mine=1`: 'My uploads' (every status, drafts too).",
  })
  @ApiQueryFrom(listResourcesQuerySchema, {
    approved: 'Accepted for compatibility; the library lists only what you may see anyway',
    status: 'With mine=1',
  })
  @ApiResponse({ status: 200, type: ResourcePageDto })
  @ApiProblems(400, 401)
  @Get()
  @CacheTags({ provides: ['Resources'] })
  list(@CurrentUser() caller: AuthUser, @Query() query: Record<string, string>): Promise<ResourcePage> {
    const { mine, ...rest } = parseQuery(listResourcesQuerySchema, query);
    return this.queries.list(caller.id, { ...rest, mine: mine === '1' });
  }

  @ApiConsumes('multipart/form-data')
  @ApiOperation({
    summary: `Upload a resource (multipart, streamed to the object store). Checks in this order: file ('${uploadMessages.noFile.description}'), title, category, terms; '${uploadMessages.badType}' whatever the name says; '${uploadMessages.tooLarge(MAX_UPLOAD_BYTES)}' (413). Public uploads are reviewed before they appear; group and private ones appear once processed.`,
  })
  @ApiBody({ schema: uploadForm })
  @ApiResponse({ status: 201, type: ResourceDto })
  @ApiProblems(400, 401, 413, 415)
  @EdgePolicy({ timeoutMs: UPLOAD_TIMEOUT_MS })
  @Post()
  @CreatedLocation('/uploads/{id}')
  async upload(@CurrentUser() caller: AuthUser, @Req() req: FastifyRequest): Promise<Resource> {
    const id = await this.uploads.upload(caller.id, req.raw, metaOfRequest(req));
    return this.queries.one(caller.id, id);
  }

  @ApiOperation({ summary: 'One resource you may see (your own in any status; others answer 404).' })
  @ApiResponse({ status: 200, type: ResourceDto })
  @ApiProblems(401, 404)
  @Get(':id')
  @CacheTags({ provides: ['Resources'] })
  one(@CurrentUser() caller: AuthUser, @Param('id') id: string): Promise<Resource> {
    return this.queries.one(caller.id, id);
  }

  @ApiOperation({ summary: 'Edit one of your drafts (only the fields given change; each is checked).' })
  @ApiBody({ type: UpdateDraftDto })
  @ApiResponse({ status: 200, type: ResourceDto })
  @ApiProblems(400, 401, 404, 409)
  @Patch(':id')
  @CacheTags({ invalidates: ['Resources'] })
  async update(
    @CurrentUser() caller: AuthUser,
    @Param('id') id: string,
    @Body() body: UpdateDraftDto,
    @Req() req: FastifyRequest,
  ): Promise<Resource> {
    await this.uploads.updateDraft(caller.id, id, body, metaOfRequest(req));
    return this.queries.one(caller.id, id);
  }

  @ApiOperation({ summary: 'Submit one of your drafts for processing (every upload check applies, the terms included).' })
  @ApiBody({ type: AcceptedTermsDto })
  @ApiResponse({ status: 200, type: ResourceDto })
  @ApiProblems(400, 401, 404, 409)
  @Post(':id/submit')
  @HttpCode(200)
  @CacheTags({ invalidates: ['Resources', 'ReviewQueue'] })
  async submit(
    @CurrentUser() caller: AuthUser,
    @Param('id') id: string,
    @Body() body: SubmitDraftDto,
    @Req() req: FastifyRequest,
  ): Promise<Resource> {
    await this.uploads.submitDraft(caller.id, id, body.termsAccepted, metaOfRequest(req));
    return this.queries.one(caller.id, id);
  }

  @ApiOperation({ summary: 'Delete one of your resources and its file.' })
  @ApiResponse({ status: 204, description: 'Deleted' })
  @ApiProblems(401, 404, 409)
  @Delete(':id')
  @HttpCode(204)
  @CacheTags({ invalidates: ['Resources', 'ReviewQueue'] })
  async remove(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<void> {
    await this.commands.delete(caller.id, id, metaOfRequest(req));
  }

  /** A POST: making the link counts a download (an event), and a GET never writes. */
  @ApiOperation({
    summary:
      'A short-lived pre-signed URL (minutes) to download the file from the object store, served as an attachment with its checked content type and `nosniff`. Counts a download (so a POST: reads never write).',
  })
  @ApiResponse({ status: 200, type: DownloadLinkDto })
  @ApiProblems(401, 404, 409)
  @Post(':id/download')
  @HttpCode(200)
  // The cards show the download count: they are read again.
  @CacheTags({ invalidates: ['Resources'] })
  download(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<DownloadLink> {
    return this.downloads.link(caller.id, id, metaOfRequest(req));
  }

  @ApiOperation({
    summary:
      'Report an approved resource (one report each, not your own). After the configured number of distinct reports it leaves the library until a moderator reviews it again.',
  })
  @ApiBody({ type: ReportDto })
  @ApiResponse({ status: 204, description: 'Reported' })
  @ApiProblems(400, 401, 403, 404, 409)
  @Post(':id/reports')
  @HttpCode(204)
  async report(
    @CurrentUser() caller: AuthUser,
    @Param('id') id: string,
    @Body() body: ReportDto,
    @Req() req: FastifyRequest,
  ): Promise<void> {
    // Only what the caller can see can be reported (anything else answers 404).
    await this.queries.view(caller.id, id);
    await this.commands.report(caller.id, id, body.reason, metaOfRequest(req));
  }
}
