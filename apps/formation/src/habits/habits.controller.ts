import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put, Query, Req } from '@nestjs/common';
import { ApiResponse, ApiOperation, ApiTags, ApiBearerAuth } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import {
  createHabitRequestSchema,
  type Habit,
  recordHabitEntryRequestSchema,
  restDaysSchema,
  skipHabitDayRequestSchema,
  toggleHabitRequestSchema,
  updateHabitRequestSchema,
  habitAnalyticsSchema,
  toggleHabitResponseSchema,
  habitSchema,
  habitEntrySchema,
} from '@abide/contracts';
import { DomainError, ApiProblems, ApiQueryFrom, createZodDto, CreatedLocation, CacheTags } from '@abide/platform';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MemberChanges, MemberQueries } from '../members/members.port';
import { HabitCommands } from './commands/habit.commands';
import { HabitQueries } from './habit.queries';
import { toHabitEntry } from './habit-figures';
import { metaOfRequest } from '@abide/event-store';

class HabitListDto extends createZodDto(z.array(habitSchema)) {}
/** `?date=`: a calendar date (YYYY-MM-DD, a real day); default today in the member’s zone. */
const dateQuerySchema = z.object({ date: z.iso.date('Use a date like 2026-11-22').optional() });
const dateQueryDoc = { date: 'A local date, YYYY-MM-DD (default: today in the member’s zone)' };
class HabitDto extends createZodDto(habitSchema) {}
class HabitAnalyticsDto extends createZodDto(habitAnalyticsSchema) {}
class ToggleHabitResponseDto extends createZodDto(toggleHabitResponseSchema) {}
class HabitEntryListDto extends createZodDto(z.array(habitEntrySchema)) {}
class HabitEntryDto extends createZodDto(habitEntrySchema) {}

class CreateHabitDto extends createZodDto(createHabitRequestSchema) {}
class UpdateHabitDto extends createZodDto(updateHabitRequestSchema) {}
class ToggleHabitDto extends createZodDto(toggleHabitRequestSchema) {}
class RecordEntryDto extends createZodDto(recordHabitEntryRequestSchema) {}
class SkipDayDto extends createZodDto(skipHabitDayRequestSchema) {}
class RestDaysDto extends createZodDto(restDaysSchema) {}

const dateOf = (value: string | undefined): string | undefined => {
  const parsed = dateQuerySchema.shape.date.safeParse(value);
  if (!parsed.success) throw DomainError.validation([{ field: 'date', message: parsed.error.issues[0].message }]);
  return parsed.data;
};

/** Habits and check-ins; the member is always the caller (token), another member's habit id answers 404. */
@ApiTags('habits')
@ApiBearerAuth()
@Controller()
export class HabitsController {
  constructor(
    private readonly commands: HabitCommands,
    private readonly queries: HabitQueries,
    private readonly memberCommands: MemberChanges,
    private readonly members: MemberQueries,
  ) {}

  @ApiOperation({ summary: 'Active and paused habits with streak, best streak, consistency, monthly % and completion on `date`.' })
  @ApiQueryFrom(dateQuerySchema, dateQueryDoc)
  @ApiResponse({ status: 200, type: HabitListDto })
  @ApiProblems(400, 401)
  @Get('habits')
  @CacheTags({ provides: ['Habits'] })
  list(@CurrentUser() caller: AuthUser, @Query('date') date?: string): Promise<Habit[]> {
    return this.queries.list(caller.id, dateOf(date));
  }

  @ApiOperation({ summary: 'Add a habit (name and category required; frequency daily, weekly or chosen weekdays; reminder HH:MM).' })
  @ApiResponse({ status: 201, type: HabitDto })
  @ApiProblems(400, 401)
  @Post('habits')
  @CreatedLocation('/habits/{id}')
  @CacheTags({ invalidates: ['Habits', 'HabitAnalytics', 'Stats'] })
  async create(@CurrentUser() caller: AuthUser, @Body() body: CreateHabitDto, @Req() req: FastifyRequest): Promise<Habit> {
    const id = await this.commands.create(caller.id, body, metaOfRequest(req));
    return this.queries.one(caller.id, id);
  }

  @ApiOperation({ summary: 'The Analytics tab: a 12-week heat map per habit and the weekly completion trend.' })
  @ApiResponse({ status: 200, type: HabitAnalyticsDto })
  @ApiProblems(401)
  @Get('habits/analytics')
  @CacheTags({ provides: ['HabitAnalytics'] })
  analytics(@CurrentUser() caller: AuthUser) {
    return this.queries.analytics(caller.id);
  }

  @ApiOperation({ summary: 'The member’s declared rest weekdays (0 = Sunday); they never break a streak.' })
  @ApiResponse({ status: 200, type: RestDaysDto })
  @ApiProblems(401)
  @Get('habits/rest-days')
  @CacheTags({ provides: ['RestDays'] })
  async restDays(@CurrentUser() caller: AuthUser) {
    return { weekdays: await this.members.restDaysOf(caller.id) };
  }

  @ApiOperation({ summary: 'Declare rest weekdays (e.g. [6] for a Saturday Sabbath).' })
  @ApiResponse({ status: 200, type: RestDaysDto })
  @ApiProblems(400, 401)
  @Put('habits/rest-days')
  @CacheTags({ invalidates: ['RestDays', 'Habits', 'HabitAnalytics', 'Stats'] })
  async setRestDays(@CurrentUser() caller: AuthUser, @Body() body: RestDaysDto, @Req() req: FastifyRequest) {
    await this.memberCommands.setRestDays(caller.id, body.weekdays, metaOfRequest(req));
    return { weekdays: await this.members.restDaysOf(caller.id) };
  }

  @ApiOperation({ summary: 'One of the member’s habits with its figures.' })
  @ApiQueryFrom(dateQuerySchema, dateQueryDoc)
  @ApiResponse({ status: 200, type: HabitDto })
  @ApiProblems(400, 401, 404)
  @Get('habits/:id')
  one(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Query('date') date?: string): Promise<Habit> {
    return this.queries.one(caller.id, id, dateOf(date));
  }

  @ApiOperation({ summary: 'Edit a habit; fields left out keep their value.' })
  @ApiResponse({ status: 200, type: HabitDto })
  @ApiProblems(400, 401, 404, 409)
  @Patch('habits/:id')
  @CacheTags({ invalidates: ['Habits', 'HabitAnalytics', 'Stats'] })
  async update(
    @CurrentUser() caller: AuthUser,
    @Param('id') id: string,
    @Body() body: UpdateHabitDto,
    @Req() req: FastifyRequest,
  ): Promise<Habit> {
    await this.commands.update(caller.id, id, body, metaOfRequest(req));
    return this.queries.one(caller.id, id);
  }

  @ApiOperation({ summary: 'Pause a habit: paused days never break its streak.' })
  @ApiResponse({ status: 200, type: HabitDto })
  @ApiProblems(400, 401, 404, 409)
  @Post('habits/:id/pause')
  @HttpCode(200)
  @CacheTags({ invalidates: ['Habits', 'HabitAnalytics', 'Stats'] })
  async pause(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<Habit> {
    await this.commands.lifecycle(caller.id, id, 'pause', metaOfRequest(req));
    return this.queries.one(caller.id, id);
  }

  @ApiOperation({ summary: 'Resume a paused habit.' })
  @ApiResponse({ status: 200, type: HabitDto })
  @ApiProblems(400, 401, 404, 409)
  @Post('habits/:id/resume')
  @HttpCode(200)
  @CacheTags({ invalidates: ['Habits', 'HabitAnalytics', 'Stats'] })
  async resume(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<Habit> {
    await this.commands.lifecycle(caller.id, id, 'resume', metaOfRequest(req));
    return this.queries.one(caller.id, id);
  }

  @ApiOperation({ summary: 'Archive a habit: it leaves the lists and can no longer change.' })
  @ApiResponse({ status: 200, type: HabitDto })
  @ApiProblems(401, 404, 409)
  @Post('habits/:id/archive')
  @HttpCode(200)
  @CacheTags({ invalidates: ['Habits', 'HabitAnalytics', 'Stats'] })
  async archive(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Req() req: FastifyRequest): Promise<Habit> {
    await this.commands.lifecycle(caller.id, id, 'archive', metaOfRequest(req));
    return this.queries.one(caller.id, id);
  }

  @ApiOperation({ summary: 'Plan a skip day (today or later): it neither breaks nor extends the streak; 409 if the day is checked in.' })
  @ApiResponse({ status: 200, type: HabitDto })
  @ApiProblems(400, 401, 404, 409)
  @Post('habits/:id/skip')
  @HttpCode(200)
  @CacheTags({ invalidates: ['Habits', 'HabitEntries', 'HabitAnalytics', 'Stats'] })
  async skip(
    @CurrentUser() caller: AuthUser,
    @Param('id') id: string,
    @Body() body: SkipDayDto,
    @Req() req: FastifyRequest,
  ): Promise<Habit> {
    await this.commands.skip(caller.id, id, body.date, metaOfRequest(req));
    return this.queries.one(caller.id, id, body.date);
  }

  @ApiOperation({ summary: 'Undo a skip of today or a later day: the day is asked for again (a past day is checked in instead).' })
  @ApiResponse({ status: 200, type: HabitDto })
  @ApiProblems(400, 401, 404, 409)
  @Post('habits/:id/skip/undo')
  @HttpCode(200)
  @CacheTags({ invalidates: ['Habits', 'HabitEntries', 'HabitAnalytics', 'Stats'] })
  async undoSkip(
    @CurrentUser() caller: AuthUser,
    @Param('id') id: string,
    @Body() body: SkipDayDto,
    @Req() req: FastifyRequest,
  ): Promise<Habit> {
    await this.commands.undoSkip(caller.id, id, body.date, metaOfRequest(req));
    return this.queries.one(caller.id, id, body.date);
  }

  @ApiOperation({ summary: 'Check a day in or out: today by default, up to 7 days back, never ahead; an optional short note.' })
  @ApiResponse({ status: 200, type: ToggleHabitResponseDto })
  @ApiProblems(400, 401, 404, 409)
  @Post('habits/:id/toggle')
  @HttpCode(200)
  @CacheTags({ invalidates: ['Habits', 'HabitEntries', 'HabitAnalytics', 'Stats'] })
  async toggle(@CurrentUser() caller: AuthUser, @Param('id') id: string, @Body() body: ToggleHabitDto, @Req() req: FastifyRequest) {
    const { date, appended, day } = await this.commands.checkIn(caller.id, id, body, metaOfRequest(req));
    return { entry: toHabitEntry(id, date, day), habit: await this.queries.one(caller.id, id, date, appended) };
  }

  @ApiOperation({ summary: 'The member’s check-ins of one day.' })
  @ApiQueryFrom(dateQuerySchema, dateQueryDoc)
  @ApiResponse({ status: 200, type: HabitEntryListDto })
  @ApiProblems(400, 401)
  @Get('habit-entries')
  @CacheTags({ provides: ['HabitEntries'] })
  entries(@CurrentUser() caller: AuthUser, @Query('date') date?: string) {
    return this.queries.entriesOn(caller.id, dateOf(date));
  }

  /** {habitId, completed, date, completedAt}; the server keeps its own time for completedAt. */
  @ApiOperation({ summary: 'Record a check-in: {habitId, completed, date, completedAt}; the same rules as the toggle.' })
  @ApiResponse({ status: 200, type: HabitEntryDto })
  @ApiProblems(400, 401, 404, 409)
  @Post('habit-entries')
  @HttpCode(200)
  async record(@CurrentUser() caller: AuthUser, @Body() body: RecordEntryDto, @Req() req: FastifyRequest) {
    const { date, day } = await this.commands.checkIn(
      caller.id,
      body.habitId,
      { completed: body.completed, date: body.date, note: body.note },
      metaOfRequest(req),
    );
    return toHabitEntry(body.habitId, date, day);
  }
}
