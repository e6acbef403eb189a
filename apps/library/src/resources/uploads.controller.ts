import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import {
  type DownloadLink,
  listResourcesQuerySchema,
  reportResourceRequestSchema,
  type Resource,
  type ResourcePage,
  submitDraftRequestSchema,
  updateDraftRequestSchema,
} from '@abide/contracts';
import { DomainError } from '@abide/platform';
import type { FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { DownloadService } from './download.service';
import { ResourceCommands } from './commands/resource-commands';
import { ResourceQueries } from './resource-queries';
import { UploadService } from './upload.service';

class UpdateDraftDto extends createZodDto(updateDraftRequestSchema) {}
class SubmitDraftDto extends createZodDto(submitDraftRequestSchema) {}
class ReportDto extends createZodDto(reportResourceRequestSchema) {}

const metaOf = (req: FastifyRequest) => ({ correlationId: String(req.id) });

/** Uploads, the library list and downloads; the caller is always the token's member. */
@ApiExcludeController()
@Controller('uploads')
export class UploadsController {
  constructor(
    private readonly uploads: UploadService,
    private readonly commands: ResourceCommands,
    private readonly queries: ResourceQueries,
    private readonly downloads: DownloadService,
  ) {}

  @Get()
  list(@CurrentUser() caller: AuthUser, @Query() query: Record<string, string>): Promise<ResourcePage> {
    const parsed = listResourcesQuerySchema.safeParse(query);
    if (!parsed.success) throw DomainError.validation(parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })));
    const { mine, ...rest } = parsed.data;
    return this.queries.list(caller.id, { ...rest, mine: mine === '1' });
  }

  @Post()
  async upload(@CurrentUser() caller: AuthUser, @Req() req: FastifyRequest): Promise<Resource> {
    const id = await this.uploads.upload(caller.id, req.raw, metaOf(req));
    return this.queries.one(caller.id, id);
  }

  @Get(':id')
  one(@CurrentUser() caller: AuthUser, @Param('id') id: string): Promise<Resource> {
    return this.queries.one(caller.id, id);
  }

  @Patch(':id')
  async update(
    @CurrentUser() caller: AuthUser,
    @Param('id') id: string,
    @Body() body: UpdateDraftDto,
    @Req() req: FastifyRequest,
  ): Promise<Resource> {
    await this.uploads.updateDraft(caller.id, id, body, metaOf(req));
    return this.queries.one(caller.id, id);
  }

  @Post(':id/submit')
  @HttpCode(200)
  async submit(
    @CurrentUser() caller: AuthUser,
    @Param('id') id: string,
    @Body() body: SubmitDraftDto,
    @Req() req: FastifyRequest,
  ): Promise<Resource> {
    await this.uploads.submitDraft(caller.id, id, body.termsAccepted, metaOf(req));
    return this.queries.one(caller.id, id);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<void> {
    await this.commands.delete(caller.id, id, metaOf(req));
  }

  /** A POST: making the link counts a download (an event), and a GET never writes. */
  @Post(':id/download')
  @HttpCode(200)
  download(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<DownloadLink> {
    return this.downloads.link(caller.id, id, metaOf(req));
  }

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
    await this.commands.report(caller.id, id, body.reason, metaOf(req));
  }
}
