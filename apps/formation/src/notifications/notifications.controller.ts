import { notificationListSchema } from '@abide/contracts';
import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiResponse, ApiOperation, ApiTags, ApiBearerAuth } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import { DomainError, ApiProblems, createZodDto, ApiQueryFrom, CacheTags } from '@abide/platform';
import { z } from 'zod';
import { NOTIFICATIONS_LISTED } from './notification-inbox';
import { NotificationStore } from './notification.store';

class NotificationListDto extends createZodDto(notificationListSchema) {}
class ReadAllDto extends createZodDto(z.object({ marked: z.number().int() })) {}

const limitSchema = z.coerce
  .number()
  .int()
  .min(1, 'limit is at least 1')
  .max(NOTIFICATIONS_LISTED, `limit is at most ${NOTIFICATIONS_LISTED}`)
  .default(20);

/** The bell: only ever the caller's notifications. */
@ApiTags('notifications')
@ApiBearerAuth()
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationStore) {}

  @ApiOperation({ summary: 'The newest notifications and the unread count.' })
  @ApiQueryFrom(z.object({ limit: limitSchema }))
  @ApiResponse({ status: 200, type: NotificationListDto })
  @ApiProblems(400, 401)
  @Get()
  @CacheTags({ provides: ['Notifications'] })
  list(@CurrentUser() caller: AuthUser, @Query('limit') limit?: string) {
    const parsed = limitSchema.safeParse(limit);
    if (!parsed.success) throw DomainError.validation(parsed.error.issues.map((i) => ({ field: 'limit', message: i.message })));
    return this.notifications.list(caller.id, parsed.data);
  }

  @ApiOperation({ summary: 'Mark every notification read.' })
  @ApiResponse({ status: 200, type: ReadAllDto })
  @ApiProblems(401)
  @Post('read-all')
  @HttpCode(200)
  @CacheTags({ invalidates: ['Notifications'] })
  async readAll(@CurrentUser() caller: AuthUser) {
    return { marked: await this.notifications.markAllRead(caller.id) };
  }

  @ApiOperation({ summary: 'Mark one notification read.' })
  @ApiResponse({ status: 204, description: 'Marked read' })
  @ApiProblems(401, 404)
  @Post(':id/read')
  @HttpCode(204)
  @CacheTags({ invalidates: ['Notifications'] })
  async read(@CurrentUser() caller: AuthUser, @Param('id') id: string): Promise<void> {
    if (!(await this.notifications.markRead(caller.id, id))) throw DomainError.notFound('The notification');
  }
}
