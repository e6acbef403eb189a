import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '@abide/auth';
import { DomainError } from '@abide/platform';
import { z } from 'zod';
import { NOTIFICATIONS_LISTED } from './notification-inbox';
import { NotificationStore } from './notification.store';

const limitSchema = z.coerce
  .number()
  .int()
  .min(1, 'limit is at least 1')
  .max(NOTIFICATIONS_LISTED, `limit is at most ${NOTIFICATIONS_LISTED}`)
  .default(20);

/** The bell: only ever the caller's notifications. */
@ApiExcludeController()
@Controller('notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationStore) {}

  @Get()
  list(@CurrentUser() caller: AuthUser, @Query('limit') limit?: string) {
    const parsed = limitSchema.safeParse(limit || undefined);
    if (!parsed.success) throw DomainError.validation(parsed.error.issues.map((i) => ({ field: 'limit', message: i.message })));
    return this.notifications.list(caller.id, parsed.data);
  }

  @Post('read-all')
  @HttpCode(200)
  async readAll(@CurrentUser() caller: AuthUser) {
    return { marked: await this.notifications.markAllRead(caller.id) };
  }

  @Post(':id/read')
  @HttpCode(204)
  async read(@CurrentUser() caller: AuthUser, @Param('id') id: string): Promise<void> {
    if (!(await this.notifications.markRead(caller.id, id))) throw DomainError.notFound('The notification');
  }
}
