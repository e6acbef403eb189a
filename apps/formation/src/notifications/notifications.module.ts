import { Module } from '@nestjs/common';
import { NotificationInboxMigration } from './notification-inbox.migration';
import { NotificationsController } from './notifications.controller';
import { NotificationStore } from './notification.store';

@Module({
  controllers: [NotificationsController],
  providers: [NotificationStore, NotificationInboxMigration],
  exports: [NotificationStore],
})
export class NotificationsModule {}
