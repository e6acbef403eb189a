import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import { metaOfRequest } from '@abide/event-store';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  importRowsPageSchema,
  importRowsQuerySchema,
  type ImportRowsPage,
  type MemberImport,
  memberImportChurchQuerySchema,
  type MemberImportList,
  memberImportListSchema,
  memberImportSchema,
  resendInvitationsRequestSchema,
  type ResendInvitationsResult,
  resendInvitationsResultSchema,
  UPLOAD_TIMEOUT_MS,
} from '@abide/contracts';
import { ApiProblems, ApiQueryFrom, createZodDto, parseQuery, EdgePolicy, CacheTags } from '@abide/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readUploadedList } from './import-upload';
import { MemberImports } from './member-imports.service';

class MemberImportDto extends createZodDto(memberImportSchema) {}
class MemberImportListDto extends createZodDto(memberImportListSchema) {}
class ImportRowsPageDto extends createZodDto(importRowsPageSchema) {}
class ResendInvitationsDto extends createZodDto(resendInvitationsRequestSchema) {}
class ResendInvitationsResultDto extends createZodDto(resendInvitationsResultSchema) {}

/** A church's bulk onboarding (docs/member-imports.md); every route is for that church's admins (asked of community). */
@ApiTags('member-imports')
@ApiBearerAuth()
@Controller('member-imports')
export class MemberImportsController {
  constructor(private readonly imports: MemberImports) {}

  @ApiOperation({
    summary:
      `Import people into a church (its admins): one \`file\` part, CSV (UTF-8; comma, semicolon or tab) or Excel .xlsx, ` +
      `columns name, email, optional phone and group, at most ${IMPORT_MAX_ROWS} rows and ${IMPORT_MAX_BYTES / 1024 / 1024} MB. ` +
      'Answers 202 at once; a job processes the rows (GET the import for its progress). Needs a session that passed two-factor ' +
      'sign-in (403 TWO_FACTOR_REQUIRED otherwise); 429 with Retry-After past the daily limits of the church or the admin.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiQueryFrom(memberImportChurchQuerySchema, { churchId: 'The church the people are invited to' })
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiResponse({ status: 202, type: MemberImportDto })
  @ApiProblems(400, 401, 403, 404, 413, 415, 429)
  @EdgePolicy({ timeoutMs: UPLOAD_TIMEOUT_MS })
  @Post()
  @HttpCode(202)
  @CacheTags({ invalidates: ['MemberImports'] })
  async start(@CurrentUser() caller: AuthUser, @Query() query: Record<string, string>, @Req() req: FastifyRequest): Promise<MemberImport> {
    const { churchId } = parseQuery(memberImportChurchQuerySchema, query);
    const upload = await readUploadedList(req.raw);
    return this.imports.start(req, caller, churchId, upload, metaOfRequest(req));
  }

  @ApiOperation({ summary: 'A church’s imports, newest first (its admins).' })
  @ApiQueryFrom(memberImportChurchQuerySchema, { churchId: 'The church' })
  @ApiResponse({ status: 200, type: MemberImportListDto })
  @ApiProblems(400, 401, 403, 404)
  @Get()
  @CacheTags({ provides: ['MemberImports'] })
  async list(@Query() query: Record<string, string>, @Req() req: FastifyRequest): Promise<MemberImportList> {
    const { churchId } = parseQuery(memberImportChurchQuerySchema, query);
    return { items: await this.imports.list(req, churchId) };
  }

  @ApiOperation({ summary: 'An import: its status, progress (rows processed of total) and counts by outcome (the church’s admins).' })
  @ApiResponse({ status: 200, type: MemberImportDto })
  @ApiProblems(401, 404)
  @Get(':id')
  @CacheTags({ provides: [{ type: 'MemberImport', idParam: 'id' }] })
  get(@Param('id') id: string, @Req() req: FastifyRequest): Promise<MemberImport> {
    return this.imports.get(req, id);
  }

  @ApiOperation({ summary: 'The import’s report, a page at a time, optionally one outcome: each row, what became of it and why.' })
  @ApiQueryFrom(importRowsQuerySchema)
  @ApiResponse({ status: 200, type: ImportRowsPageDto })
  @ApiProblems(400, 401, 404)
  @Get(':id/rows')
  @CacheTags({ provides: ['MemberImportRows'] })
  rows(@Param('id') id: string, @Query() query: Record<string, string>, @Req() req: FastifyRequest): Promise<ImportRowsPage> {
    return this.imports.rows(req, id, parseQuery(importRowsQuerySchema, query));
  }

  @ApiOperation({ summary: 'The whole report as a CSV file (UTF-8): each row of the file with its outcome, reason and invitation state.' })
  @ApiProduces('text/csv')
  @ApiResponse({ status: 200, description: 'A CSV file (Content-Disposition: attachment)', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiProblems(401, 404)
  @Get(':id/report.csv')
  async report(@Param('id') id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const { fileName, csv } = await this.imports.reportCsv(req, id);
    const ascii = fileName.replace(/[^\w.-]/g, '_');
    await reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
      .send(csv);
  }

  @ApiOperation({
    summary: 'Undo a finished import while none of its invitations was accepted (409 otherwise): every invitation of it stops working.',
  })
  @ApiResponse({ status: 200, type: MemberImportDto })
  @ApiProblems(401, 404, 409)
  @Post(':id/undo')
  @HttpCode(200)
  @CacheTags({ invalidates: [{ type: 'MemberImport', idParam: 'id' }, 'MemberImports', 'MemberImportRows'] })
  undo(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<MemberImport> {
    return this.imports.undo(req, caller.id, id, metaOfRequest(req));
  }

  @ApiOperation({
    summary:
      'Send invitations again (all unused ones, or those of `rows`): each gets a new link and a new expiry; the older link stops working.',
    description: 'Needs a session that passed two-factor sign-in (403 otherwise); 429 with Retry-After past the daily limits of the church or the admin.',
  })
  @ApiResponse({ status: 200, type: ResendInvitationsResultDto })
  @ApiProblems(400, 401, 403, 404, 409, 429)
  @Post(':id/resend')
  @HttpCode(200)
  @CacheTags({ invalidates: ['MemberImportRows'] })
  async resend(
    @CurrentUser() caller: AuthUser,
    @Param('id') id: string,
    @Body() body: ResendInvitationsDto,
    @Req() req: FastifyRequest,
  ): Promise<ResendInvitationsResult> {
    return { resent: await this.imports.resend(req, caller, id, body?.rows) };
  }
}
