import { Module } from '@nestjs/common';
import { portProvider } from '@abide/platform';
import { Notifications } from './notifications.port';
import { MemberLifecycle } from '../members/members.port';
import { ChurchesModule } from '../churches/churches.module';
import { MembersModule } from '../members/members.module';
import { ChurchInvitationNoticesConsumer } from './church-invitation-notices.consumer';
import { NotificationsController } from './notifications.controller';
import { NotificationStore } from './notification.store';

@Module({
  imports: [MembersModule, ChurchesModule],
  controllers: [NotificationsController, ChurchInvitationNoticesConsumer],
  providers: [NotificationStore, portProvider(Notifications, NotificationStore)],
  // The store for formation.migration.ts alone (filling the inboxes).
  exports: [Notifications, NotificationStore],
})
export class NotificationsModule {
  constructor(lifecycle: MemberLifecycle, store: NotificationStore) {
    lifecycle.listen({ forget: (userId) => store.purge(userId) });
  }
}
