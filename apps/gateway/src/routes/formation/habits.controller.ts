import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import {
  createHabitRequestSchema,
  habitAnalyticsSchema,
  habitEntrySchema,
  habitSchema,
  recordHabitEntryRequestSchema,
  restDaysSchema,
  skipHabitDayRequestSchema,
  toggleHabitRequestSchema,
  toggleHabitResponseSchema,
  updateHabitRequestSchema,
} from '@abide/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { ApiProblems } from '../../docs/api-problems.decorator';
import { ServiceClient } from '../../proxy/service-client';

class HabitDto extends createZodDto(habitSchema) {}
class HabitListDto extends createZodDto(z.array(habitSchema)) {}
class CreateHabitDto extends createZodDto(createHabitRequestSchema) {}
class UpdateHabitDto extends createZodDto(updateHabitRequestSchema) {}
class ToggleHabitDto extends createZodDto(toggleHabitRequestSchema) {}
class ToggleHabitResponseDto extends createZodDto(toggleHabitResponseSchema) {}
class HabitEntryDto extends createZodDto(habitEntrySchema) {}
class HabitEntryListDto extends createZodDto(z.array(habitEntrySchema)) {}
class RecordEntryDto extends createZodDto(recordHabitEntryRequestSchema) {}
class HabitAnalyticsDto extends createZodDto(habitAnalyticsSchema) {}
class SkipDayDto extends createZodDto(skipHabitDayRequestSchema) {}
class RestDaysDto extends createZodDto(restDaysSchema) {}

const dateQuery = { name: 'date', required: false, description: 'A local date, YYYY-MM-DD (default: today in the member’s zone)' };

@ApiTags('habits')
@ApiBearerAuth()
@Controller()
export class HabitsController {
  constructor(private readonly services: ServiceClient) {}

  @Get('habits')
  @ApiOperation({ summary: 'Active and paused habits with streak, best streak, consistency, monthly % and completion on `date`.' })
  @ApiQuery(dateQuery)
  @ApiResponse({ status: 200, type: HabitListDto })
  @ApiProblems(400, 401)
  async list(@Query('date') _date: string | undefined, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('formation', req, reply);
  }

  @Post('habits')
  @ApiOperation({ summary: 'Add a habit (name and category required; frequency daily, weekly or chosen weekdays; reminder HH:MM).' })
  @ApiResponse({ status: 201, type: HabitDto })
  @ApiProblems(400, 401)
  async create(@Body() body: CreateHabitDto, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('formation', req, reply, { body });
  }

  @Get('habits/analytics')
  @ApiOperation({ summary: 'The Analytics tab: a 12-week heat map per habit and the weekly completion trend.' })
  @ApiResponse({ status: 200, type: HabitAnalyticsDto })
  @ApiProblems(401)
  async analytics(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('formation', req, reply);
  }

  @Get('habits/rest-days')
  @ApiOperation({ summary: 'The member’s declared rest weekdays (0 = Sunday); they never break a streak.' })
  @ApiResponse({ status: 200, type: RestDaysDto })
  @ApiProblems(401)
  async restDays(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('formation', req, reply);
  }

  @Put('habits/rest-days')
  @ApiOperation({ summary: 'Declare rest weekdays (e.g. [6] for a Saturday Sabbath).' })
  @ApiResponse({ status: 200, type: RestDaysDto })
  @ApiProblems(400, 401)
  async setRestDays(@Body() body: RestDaysDto, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('formation', req, reply, { body });
  }

  @Get('habits/:id')
  @ApiOperation({ summary: 'One of the member’s habits with its figures.' })
  @ApiQuery(dateQuery)
  @ApiResponse({ status: 200, type: HabitDto })
  @ApiProblems(400, 401, 404)
  async one(@Param('id') _id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('formation', req, reply);
  }

  @Patch('habits/:id')
  @ApiOperation({ summary: 'Edit a habit; fields left out keep their value.' })
  @ApiResponse({ status: 200, type: HabitDto })
  @ApiProblems(400, 401, 404, 409)
  async update(@Param('id') _id: string, @Body() body: UpdateHabitDto, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('formation', req, reply, { body });
  }

  @Post('habits/:id/pause')
  @HttpCode(200)
  @ApiOperation({ summary: 'Pause a habit: paused days never break its streak.' })
  @ApiResponse({ status: 200, type: HabitDto })
  @ApiProblems(400, 401, 404, 409)
  async pause(@Param('id') _id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('formation', req, reply, { body: {} });
  }

  @Post('habits/:id/resume')
  @HttpCode(200)
  @ApiOperation({ summary: 'Resume a paused habit.' })
  @ApiResponse({ status: 200, type: HabitDto })
  @ApiProblems(400, 401, 404, 409)
  async resume(@Param('id') _id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('formation', req, reply, { body: {} });
  }

  @Post('habits/:id/archive')
  @HttpCode(200)
  @ApiOperation({ summary: 'Archive a habit: it leaves the lists and can no longer change.' })
  @ApiResponse({ status: 200, type: HabitDto })
  @ApiProblems(401, 404, 409)
  async archive(@Param('id') _id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('formation', req, reply, { body: {} });
  }

  @Post('habits/:id/skip')
  @HttpCode(200)
  @ApiOperation({ summary: 'Plan a skip day (today or later): it neither breaks nor extends the streak.' })
  @ApiResponse({ status: 200, type: HabitDto })
  @ApiProblems(400, 401, 404, 409)
  async skip(@Param('id') _id: string, @Body() body: SkipDayDto, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('formation', req, reply, { body });
  }

  @Post('habits/:id/toggle')
  @HttpCode(200)
  @ApiOperation({ summary: 'Check a day in or out: today by default, up to 7 days back, never ahead; an optional short note.' })
  @ApiResponse({ status: 200, type: ToggleHabitResponseDto })
  @ApiProblems(400, 401, 404, 409)
  async toggle(@Param('id') _id: string, @Body() body: ToggleHabitDto, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('formation', req, reply, { body });
  }

  @Get('habit-entries')
  @ApiOperation({ summary: 'The member’s check-ins of one day.' })
  @ApiQuery(dateQuery)
  @ApiResponse({ status: 200, type: HabitEntryListDto })
  @ApiProblems(400, 401)
  async entries(@Query('date') _date: string | undefined, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('formation', req, reply);
  }

  @Post('habit-entries')
  @HttpCode(200)
  @ApiOperation({ summary: 'Record a check-in (spec §7): {habitId, completed, date, completedAt}; the same rules as the toggle.' })
  @ApiResponse({ status: 200, type: HabitEntryDto })
  @ApiProblems(400, 401, 404, 409)
  async record(@Body() body: RecordEntryDto, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('formation', req, reply, { body });
  }
}
