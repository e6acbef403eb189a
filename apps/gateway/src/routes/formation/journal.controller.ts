import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  journalEntryRequestSchema,
  journalEntrySchema,
  journalInsightSchema,
  journalPageSchema,
  journalPromptSchema,
  journalStatsSchema,
} from '@abide/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { ApiProblems } from '../../docs/api-problems.decorator';
import { ServiceClient } from '../../proxy/service-client';

class JournalEntryRequestDto extends createZodDto(journalEntryRequestSchema) {}
class JournalEntryUpdateDto extends createZodDto(journalEntryRequestSchema.partial()) {}
class JournalEntryDto extends createZodDto(journalEntrySchema) {}
class JournalPageDto extends createZodDto(journalPageSchema) {}
class JournalPromptDto extends createZodDto(journalPromptSchema) {}
class JournalInsightDto extends createZodDto(journalInsightSchema) {}
class JournalStatsDto extends createZodDto(journalStatsSchema) {}

/**
 * The journal (spec §2 Journal, §5, §7). Bodies are validated by formation, which knows the draft rule (a draft may
 * be empty, an entry may not) and normalises the scripture reference; its problem+json comes back unchanged.
 */
@ApiTags('journal')
@ApiBearerAuth()
@Controller('journal')
export class JournalController {
  constructor(private readonly services: ServiceClient) {}

  @Get('prompt')
  @ApiOperation({ summary: "Today's reflection prompt for the member's local date, with a scripture for reflection; `new=1` for 'Generate New Prompt' (never one of the last 10)." })
  @ApiQuery({ name: 'new', required: false, enum: ['1'] })
  @ApiResponse({ status: 200, type: JournalPromptDto })
  @ApiProblems(401)
  async prompt(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('formation', req, reply);
  }

  @Get('entries')
  @ApiOperation({ summary: "The caller's entries, latest first; `q` searches content, scripture and gratitude; `drafts=1` lists drafts instead." })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'pageSize', required: false, type: Number, description: '1–50, default 10' })
  @ApiQuery({ name: 'q', required: false, type: String })
  @ApiQuery({ name: 'drafts', required: false, enum: ['1', '0'] })
  @ApiResponse({ status: 200, type: JournalPageDto })
  @ApiProblems(400, 401)
  async list(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Query() _query: Record<string, string>): Promise<void> {
    await this.services.forward('formation', req, reply);
  }

  @Post('entries')
  @ApiOperation({
    summary: "Write an entry (content required: 'Your journal entry cannot be empty.'), or save a draft with `draft: true` (may be empty, only its author sees it).",
  })
  @ApiBody({ type: JournalEntryRequestDto })
  @ApiResponse({ status: 201, type: JournalEntryDto })
  @ApiProblems(400, 401)
  async create(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Body() _body: unknown): Promise<void> {
    await this.services.forward('formation', req, reply);
  }

  @Get('stats')
  @ApiOperation({ summary: "Your Progress: total entries, writing streak (days, in the member's zone) and words this week." })
  @ApiResponse({ status: 200, type: JournalStatsDto })
  @ApiProblems(401)
  async stats(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('formation', req, reply);
  }

  @Get('entries/:id')
  @ApiOperation({ summary: "One of the caller's entries or drafts (anyone else's answers 404)." })
  @ApiResponse({ status: 200, type: JournalEntryDto })
  @ApiProblems(401, 404)
  async get(@Param('id') _id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('formation', req, reply);
  }

  @Patch('entries/:id')
  @ApiOperation({ summary: 'Edit an entry or draft; `draft: false` finishes a draft (then its content is required).' })
  @ApiBody({ type: JournalEntryUpdateDto })
  @ApiResponse({ status: 200, type: JournalEntryDto })
  @ApiProblems(400, 401, 404, 409)
  async update(@Param('id') _id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply, @Body() _body: unknown): Promise<void> {
    await this.services.forward('formation', req, reply);
  }

  @Delete('entries/:id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete an entry or draft.' })
  @ApiResponse({ status: 204, description: 'Deleted' })
  @ApiProblems(401, 404, 409)
  async remove(@Param('id') _id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('formation', req, reply);
  }

  @Post('entries/:id/insight')
  @HttpCode(200)
  @ApiOperation({ summary: "'Get AI insight': a short reflection with a related scripture (built-in, or the configured assistant with fallback)." })
  @ApiResponse({ status: 200, type: JournalInsightDto })
  @ApiProblems(401, 404)
  async insight(@Param('id') _id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('formation', req, reply, { timeoutMs: 15_000 });
  }
}
