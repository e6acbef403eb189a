import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '@abide/auth';
import { notificationListSchema } from '@abide/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { ApiProblems } from '../../docs/api-problems.decorator';
import { ServiceClient } from '../../proxy/service-client';

class NotificationListDto extends createZodDto(notificationListSchema) {}
class ReadAllDto extends createZodDto(z.object({ marked: z.number().int() })) {}

/** The notification bell: the caller's own notifications only. */
@ApiTags('notifications')
@ApiBearerAuth()
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: 'The newest notifications and the unread count.' })
  @ApiQuery({ name: 'limit', required: false, type: Number, description: '1–100, default 20' })
  @ApiResponse({ status: 200, type: NotificationListDto })
  @ApiProblems(400, 401)
  async list(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Query('limit') _limit?: string): Promise<void> {
    await this.services.forward('formation', req, reply);
  }

  @Post('read-all')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark every notification read.' })
  @ApiResponse({ status: 200, type: ReadAllDto })
  @ApiProblems(401)
  async readAll(@Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('formation', req, reply);
  }

  @Post(':id/read')
  @HttpCode(204)
  @ApiOperation({ summary: 'Mark one notification read.' })
  @ApiResponse({ status: 204, description: 'Marked read' })
  @ApiProblems(401, 404)
  async read(@Param('id') _id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.services.forward('formation', req, reply);
  }
}

/** The unsubscribe link of reminder e-mails (public: the signed token is the proof). */
@ApiTags('notifications')
@Controller('nudges')
export class NudgesController {
  constructor(private readonly services: ServiceClient) {}

  @Public()
  @Get('unsubscribe')
  @ApiOperation({ summary: 'Turns e-mail reminders off for the member named by the signed token; answers a small HTML page.' })
  @ApiQuery({ name: 'token', required: true, type: String })
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, description: 'E-mail reminders are off', content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiResponse({ status: 400, description: 'The token is missing, altered or unknown', content: { 'text/html': { schema: { type: 'string' } } } })
  async unsubscribe(@Req() req: FastifyRequest, @Res() reply: FastifyReply, @Query('token') _token?: string): Promise<void> {
    await this.services.forward('formation', req, reply);
  }
}
