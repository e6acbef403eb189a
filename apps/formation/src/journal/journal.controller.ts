import { journalInsightSchema, journalPromptSchema, journalStatsSchema, journalPageSchema, journalEntrySchema } from '@abide/contracts';
import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiResponse, ApiOperation, ApiTags, ApiBearerAuth } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import type { JournalEntry } from '@abide/contracts';
import { DomainError, ApiProblems, createZodDto, ApiQueryFrom, CreatedLocation, parseQuery, EdgePolicy, SealedAnswers, CacheTags } from '@abide/platform';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { JournalCommands } from './commands/journal.commands';
import { journalPatchSchema, newEntryBodySchema, parseEntryChanges, parseNewEntry } from './domain/journal-request';
import { JournalInsightService } from './insight/journal-insight.service';
import { JournalQueries } from './journal.queries';
import { JournalPromptsService } from './prompts/journal-prompts.service';

class JournalPromptDto extends createZodDto(journalPromptSchema) {}
class JournalPageDto extends createZodDto(journalPageSchema) {}
class JournalEntryDto extends createZodDto(journalEntrySchema) {}
// Documentation only (the body is parsed by parseNewEntry): a union has no single instance type to extend.
class JournalEntryRequestDto extends (createZodDto(newEntryBodySchema) as unknown as new () => object) {}
class JournalStatsDto extends createZodDto(journalStatsSchema) {}
class JournalEntryUpdateDto extends createZodDto(journalPatchSchema) {}
class JournalInsightDto extends createZodDto(journalInsightSchema) {}

const flag = z
  .enum(['1', '0', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** `?new=1`: 'Generate New Prompt'. */
const promptQuerySchema = z.object({ new: z.enum(['1', 'true']).optional() });

const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1').max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50, 'pageSize is at most 50').default(10),
  q: z.string().max(200).optional(),
  drafts: flag,
});

const parseOrThrow = <T>(result: { ok: true; value: T } | { ok: false; errors: { field: string; message: string }[] }): T => {
  if (!result.ok) throw DomainError.validation(result.errors, result.errors.map((e) => e.message).join(' '));
  return result.value;
};

const meta = (req: FastifyRequest) => ({ correlationId: String(req.id) });

/** The journal, always the caller's own: the user id comes from the verified token, never from the request. */
@ApiTags('journal')
@ApiBearerAuth()
// The journal's words are sealed at rest: so are the answers kept for a repeated write.
@SealedAnswers()
@Controller('journal')
export class JournalController {
  constructor(
    private readonly commands: JournalCommands,
    private readonly queries: JournalQueries,
    private readonly prompts: JournalPromptsService,
    private readonly insights: JournalInsightService,
  ) {}

  @ApiOperation({
    summary:
      "Today's reflection prompt for the member's local date, with a scripture for reflection; `new=1` for 'Generate New Prompt' (never one of the last 10).",
  })
  @ApiQueryFrom(promptQuerySchema)
  @ApiResponse({ status: 200, type: JournalPromptDto })
  @ApiProblems(400, 401)
  @Get('prompt')
  @CacheTags({ provides: ['JournalPrompt'] })
  prompt(@CurrentUser() caller: AuthUser, @Query() query: Record<string, unknown>) {
    const { new: fresh } = parseQuery(promptQuerySchema, query);
    return this.prompts.prompt(caller.id, { fresh: fresh === '1' || fresh === 'true' });
  }

  @ApiOperation({
    summary: "The caller's entries, latest first; `q` searches content, scripture and gratitude; `drafts=1` lists drafts instead.",
  })
  @ApiQueryFrom(listQuerySchema)
  @ApiResponse({ status: 200, type: JournalPageDto })
  @ApiProblems(400, 401)
  @Get('entries')
  @CacheTags({ provides: ['JournalEntries'] })
  list(@CurrentUser() caller: AuthUser, @Query() query: Record<string, string>) {
    return this.queries.list(caller.id, parseQuery(listQuerySchema, query));
  }

  @ApiOperation({
    summary:
      "Write an entry (content required: 'Your journal entry cannot be empty.'), or save a draft with `draft: true` (may be empty, only its author sees it).",
  })
  @ApiBody({ type: JournalEntryRequestDto })
  @ApiResponse({ status: 201, type: JournalEntryDto })
  @ApiProblems(400, 401)
  @Post('entries')
  @CreatedLocation('/journal/entries/{id}')
  @CacheTags({ invalidates: ['JournalEntries', 'JournalStats', 'Stats'] })
  async create(@CurrentUser() caller: AuthUser, @Body() body: unknown, @Req() req: FastifyRequest): Promise<JournalEntry> {
    const fields = parseOrThrow(parseNewEntry(body));
    const { entryId, saved } = await this.commands.createEntry(caller.id, fields, meta(req));
    return this.queries.created(caller.id, entryId, saved);
  }

  @ApiOperation({ summary: "Your Progress: total entries, writing streak (days, in the member's zone) and words this week." })
  @ApiResponse({ status: 200, type: JournalStatsDto })
  @ApiProblems(401)
  @Get('stats')
  @CacheTags({ provides: ['JournalStats'] })
  stats(@CurrentUser() caller: AuthUser) {
    return this.queries.stats(caller.id);
  }

  @ApiOperation({ summary: "One of the caller's entries or drafts (anyone else's answers 404)." })
  @ApiResponse({ status: 200, type: JournalEntryDto })
  @ApiProblems(401, 404)
  @Get('entries/:id')
  @CacheTags({ provides: ['JournalEntries'] })
  get(@CurrentUser() caller: AuthUser, @Param('id') id: string): Promise<JournalEntry> {
    return this.queries.get(caller.id, id);
  }

  @ApiOperation({
    summary:
      'Edit an entry or draft; `draft: false` finishes a draft (then its content is required). With `basedOn` (the `updatedAt` the edit was made from), an entry saved since is not changed: 409 `ENTRY_CHANGED`.',
  })
  // No body changes nothing (as `{}`).
  @ApiBody({ type: JournalEntryUpdateDto, required: false })
  @ApiResponse({ status: 200, type: JournalEntryDto })
  @ApiProblems(400, 401, 404, 409)
  @Patch('entries/:id')
  @CacheTags({ invalidates: ['JournalEntries', 'JournalStats', 'Stats'] })
  async update(
    @CurrentUser() caller: AuthUser,
    @Param('id') id: string,
    @Body() body: unknown,
    @Req() req: FastifyRequest,
  ): Promise<JournalEntry> {
    const { changes, basedOn } = parseOrThrow(parseEntryChanges(body));
    await this.commands.update(caller.id, id, changes, meta(req), basedOn);
    return this.queries.get(caller.id, id);
  }

  @ApiOperation({ summary: 'Delete an entry or draft.' })
  @ApiResponse({ status: 204, description: 'Deleted' })
  @ApiProblems(401, 404, 409)
  @Delete('entries/:id')
  @HttpCode(204)
  @CacheTags({ invalidates: ['JournalEntries', 'JournalStats', 'Stats'] })
  async remove(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<void> {
    await this.commands.remove(caller.id, id, meta(req));
  }

  @ApiOperation({
    summary: "'Get AI insight': a short reflection with a related scripture (built-in, or the configured assistant with fallback).",
  })
  @ApiResponse({ status: 200, type: JournalInsightDto })
  @ApiProblems(401, 404)
  // The built-in reflection is CPU work on this service's event loop; the configured assistant may be slow to answer.
  @EdgePolicy({ rateLimit: 'journal-insight', timeoutMs: 15_000 })
  @Post('entries/:id/insight')
  @HttpCode(200)
  async insight(@CurrentUser() caller: AuthUser, @Param('id') id: string) {
    const entry = await this.queries.get(caller.id, id);
    const { insight, scripture, source } = await this.insights.insightFor(entry);
    return { insight, scripture, source };
  }
}
