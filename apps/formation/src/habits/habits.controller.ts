import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put, Query, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import {
  createHabitRequestSchema,
  type Habit,
  recordHabitEntryRequestSchema,
  restDaysSchema,
  skipHabitDayRequestSchema,
  toggleHabitRequestSchema,
  updateHabitRequestSchema,
} from '@abide/contracts';
import { DomainError } from '@abide/platform';
import type { FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { MemberStream } from '../members/commands/member-stream';
import { decideSetRestDays } from '../members/domain/member.decider';
import { MemberProjection } from '../members/projections/member.projection';
import { isLocalDate } from '@abide/calendar';
import { HabitCommands } from './commands/habit-commands';
import { HabitQueries } from './habit-queries';

class CreateHabitDto extends createZodDto(createHabitRequestSchema) {}
class UpdateHabitDto extends createZodDto(updateHabitRequestSchema) {}
class ToggleHabitDto extends createZodDto(toggleHabitRequestSchema) {}
class RecordEntryDto extends createZodDto(recordHabitEntryRequestSchema) {}
class SkipDayDto extends createZodDto(skipHabitDayRequestSchema) {}
class RestDaysDto extends createZodDto(restDaysSchema) {}

const dateQuery = z.string().refine(isLocalDate, 'Use a date like 2026-11-22').optional();
const dateOf = (value: string | undefined): string | undefined => {
  const parsed = dateQuery.safeParse(value || undefined);
  if (!parsed.success) throw DomainError.validation([{ field: 'date', message: parsed.error.issues[0].message }]);
  return parsed.data;
};
const metaOf = (req: FastifyRequest) => ({ correlationId: String(req.id) });

/** Habits and check-ins; the member is always the caller (token), another member's habit id answers 404. */
@ApiExcludeController()
@Controller()
export class HabitsController {
  constructor(
    private readonly commands: HabitCommands,
    private readonly queries: HabitQueries,
    private readonly memberStream: MemberStream,
    private readonly members: MemberProjection,
  ) {}

  @Get('habits')
  list(@CurrentUser() caller: AuthUser, @Query('date') date?: string): Promise<Habit[]> {
    return this.queries.list(caller.id, dateOf(date));
  }

  @Post('habits')
  async create(@CurrentUser() caller: AuthUser, @Body() body: CreateHabitDto, @Req() req: FastifyRequest): Promise<Habit> {
    const id = await this.commands.create(caller.id, body, metaOf(req));
    return this.queries.one(caller.id, id);
  }

  @Get('habits/analytics')
  analytics(@CurrentUser() caller: AuthUser) {
    return this.queries.analytics(caller.id);
  }

  @Get('habits/rest-days')
  async restDays(@CurrentUser() caller: AuthUser) {
    return { weekdays: await this.members.restDaysOf(caller.id) };
  }

  @Put('habits/rest-days')
  async setRestDays(@CurrentUser() caller: AuthUser, @Body() body: RestDaysDto, @Req() req: FastifyRequest) {
    await this.memberStream.execute(caller.id, (s) => decideSetRestDays(s, { userId: caller.id, weekdays: body.weekdays }), metaOf(req));
    return { weekdays: await this.members.restDaysOf(caller.id) };
  }

  @Get('habits/:id')
  one(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Query('date') date?: string): Promise<Habit> {
    return this.queries.one(caller.id, id, dateOf(date));
  }

  @Patch('habits/:id')
  async update(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Body() body: UpdateHabitDto, @Req() req: FastifyRequest): Promise<Habit> {
    await this.commands.update(caller.id, id, body, metaOf(req));
    return this.queries.one(caller.id, id);
  }

  @Post('habits/:id/pause')
  @HttpCode(200)
  async pause(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<Habit> {
    await this.commands.lifecycle(caller.id, id, 'pause', metaOf(req));
    return this.queries.one(caller.id, id);
  }

  @Post('habits/:id/resume')
  @HttpCode(200)
  async resume(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<Habit> {
    await this.commands.lifecycle(caller.id, id, 'resume', metaOf(req));
    return this.queries.one(caller.id, id);
  }

  @Post('habits/:id/archive')
  @HttpCode(200)
  async archive(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<Habit> {
    await this.commands.lifecycle(caller.id, id, 'archive', metaOf(req));
    return this.queries.one(caller.id, id);
  }

  @Post('habits/:id/skip')
  @HttpCode(200)
  async skip(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Body() body: SkipDayDto, @Req() req: FastifyRequest): Promise<Habit> {
    await this.commands.skip(caller.id, id, body.date, metaOf(req));
    return this.queries.one(caller.id, id);
  }

  @Post('habits/:id/toggle')
  @HttpCode(200)
  async toggle(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Body() body: ToggleHabitDto, @Req() req: FastifyRequest) {
    const date = await this.commands.checkIn(caller.id, id, body, metaOf(req));
    return { entry: await this.queries.entry(caller.id, id, date), habit: await this.queries.one(caller.id, id, date) };
  }

  @Get('habit-entries')
  entries(@CurrentUser() caller: AuthUser, @Query('date') date?: string) {
    return this.queries.entriesOn(caller.id, dateOf(date));
  }

  /** Spec §7: {habitId, completed, date, completedAt}; the server keeps its own time for completedAt. */
  @Post('habit-entries')
  @HttpCode(200)
  async record(@CurrentUser() caller: AuthUser, @Body() body: RecordEntryDto, @Req() req: FastifyRequest) {
    const date = await this.commands.checkIn(caller.id, body.habitId, { completed: body.completed, date: body.date, note: body.note }, metaOf(req));
    return this.queries.entry(caller.id, body.habitId, date);
  }
}
