import { Module } from '@nestjs/common';
import { NotificationsController } from './notifications.controller';
import { NotificationStore } from './notification.store';

@Module({ controllers: [NotificationsController], providers: [NotificationStore], exports: [NotificationStore] })
export class NotificationsModule {}
