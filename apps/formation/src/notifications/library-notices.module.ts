import { DynamicModule, Module } from '@nestjs/common';
import type { FormationConfig } from '../config/env.schema';
import { NudgeMailer, SMTP_SETTINGS } from '../nudges/delivery/senders';
import { MembersDirectoryModule } from '../nudges/members/members.module';
import { LIBRARY_NOTICE_SETTINGS, LibraryNoticesConsumer } from './library-notices.consumer';
import { NotificationsModule } from './notifications.module';

/** Library decisions for their uploaders, delivered with the bell and the reminders' mailer. */
@Module({})
export class LibraryNoticesModule {
  static forRoot(config: FormationConfig): DynamicModule {
    return {
      module: LibraryNoticesModule,
      imports: [NotificationsModule, MembersDirectoryModule],
      controllers: [LibraryNoticesConsumer],
      providers: [
        { provide: SMTP_SETTINGS, useValue: { host: config.SMTP_HOST, port: config.SMTP_PORT, from: config.SMTP_FROM } },
        { provide: LIBRARY_NOTICE_SETTINGS, useValue: { webBaseUrl: config.WEB_BASE_URL } },
        NudgeMailer,
      ],
    };
  }
}
