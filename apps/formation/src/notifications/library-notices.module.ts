import { DynamicModule, Module } from '@nestjs/common';
import type { FormationConfig } from '../config/env.schema';
import { DeliveryModule } from '../delivery/delivery.module';
import { MembersModule } from '../members/members.module';
import { LIBRARY_NOTICE_SETTINGS, LibraryNoticesConsumer } from './library-notices.consumer';
import { NotificationsModule } from './notifications.module';

/** Library decisions for their uploaders, delivered with the bell and the shared mailer. */
@Module({})
export class LibraryNoticesModule {
  static forRoot(config: FormationConfig): DynamicModule {
    return {
      module: LibraryNoticesModule,
      imports: [NotificationsModule, MembersModule, DeliveryModule],
      controllers: [LibraryNoticesConsumer],
      providers: [{ provide: LIBRARY_NOTICE_SETTINGS, useValue: { webBaseUrl: config.WEB_BASE_URL } }],
    };
  }
}
