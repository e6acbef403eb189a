import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import type { JournalEntry } from '@abide/contracts';
import { DomainError } from '@abide/platform';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { JournalCommands } from './commands/journal-commands';
import { parseEntryChanges, parseNewEntry } from './domain/journal-request';
import { JournalInsightService } from './insight/journal-insight.service';
import { JournalQueries } from './journal-queries';
import { JournalPromptsService } from './prompts/journal-prompts.service';

const flag = z
  .enum(['1', '0', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

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
@ApiExcludeController()
@Controller('journal')
export class JournalController {
  constructor(
    private readonly commands: JournalCommands,
    private readonly queries: JournalQueries,
    private readonly prompts: JournalPromptsService,
    private readonly insights: JournalInsightService,
  ) {}

  @Get('prompt')
  prompt(@CurrentUser() caller: AuthUser, @Query('new') fresh?: string) {
    return this.prompts.prompt(caller.id, { fresh: fresh === '1' || fresh === 'true' });
  }

  @Get('entries')
  list(@CurrentUser() caller: AuthUser, @Query() query: Record<string, string>) {
    const parsed = listQuerySchema.safeParse(query);
    if (!parsed.success) {
      throw DomainError.validation(parsed.error.issues.map((i) => ({ field: i.path.join('.') || '(query)', message: i.message })));
    }
    return this.queries.list(caller.id, parsed.data);
  }

  @Post('entries')
  async create(@CurrentUser() caller: AuthUser, @Body() body: unknown, @Req() req: FastifyRequest): Promise<JournalEntry> {
    const fields = parseOrThrow(parseNewEntry(body));
    const id = await this.commands.create(caller.id, fields, meta(req));
    return this.queries.get(caller.id, id);
  }

  @Get('stats')
  stats(@CurrentUser() caller: AuthUser) {
    return this.queries.stats(caller.id);
  }

  @Get('entries/:id')
  get(@CurrentUser() caller: AuthUser, @Param('id') id: string): Promise<JournalEntry> {
    return this.queries.get(caller.id, id);
  }

  @Patch('entries/:id')
  async update(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Body() body: unknown, @Req() req: FastifyRequest): Promise<JournalEntry> {
    const changes = parseOrThrow(parseEntryChanges(body));
    await this.commands.update(caller.id, id, changes, meta(req));
    return this.queries.get(caller.id, id);
  }

  @Delete('entries/:id')
  @HttpCode(204)
  async remove(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<void> {
    await this.commands.remove(caller.id, id, meta(req));
  }

  @Post('entries/:id/insight')
  @HttpCode(200)
  async insight(@CurrentUser() caller: AuthUser, @Param('id') id: string) {
    const entry = await this.queries.get(caller.id, id);
    const { insight, scripture, source } = await this.insights.insightFor(entry);
    return { insight, scripture, source };
  }
}
