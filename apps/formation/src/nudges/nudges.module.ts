import { DynamicModule, Module } from '@nestjs/common';
import type { FormationConfig } from '../config/env.schema';
import { NotificationsModule } from '../notifications/notifications.module';
import { NudgeMailer, provideSmsSender, SMTP_SETTINGS } from './delivery/senders';
import { parseQuietHours } from './domain/due-nudges';
import { NUDGE_JOB_SETTINGS, NudgeJobs } from './jobs/nudge-jobs';
import { MemberDirectoryConsumer } from './members/member-directory.consumer';
import { MembersDirectoryModule } from './members/members.module';
import { NUDGE_SETTINGS, NudgeService } from './nudge.service';
import { NudgeSources } from './nudge-sources';
import { NudgesController } from './nudges.controller';

/** Reminders: the scan (dueNudges), delivery in-app/e-mail/SMS, the unsubscribe link, and the member reader behind them. */
@Module({})
export class NudgesModule {
  static forRoot(config: FormationConfig): DynamicModule {
    return {
      module: NudgesModule,
      // JournalModule is global: the scan reads journal days, account deletion purges the journal.
      imports: [MembersDirectoryModule, NotificationsModule],
      controllers: [NudgesController, MemberDirectoryConsumer],
      providers: [
        {
          provide: NUDGE_SETTINGS,
          useValue: {
            quietHours: parseQuietHours(config.NUDGE_QUIET_HOURS),
            dailyCap: config.NUDGE_DAILY_CAP,
            unsubscribeSecret: config.NUDGE_UNSUBSCRIBE_SECRET,
            publicApiUrl: config.PUBLIC_API_URL,
            webBaseUrl: config.WEB_BASE_URL,
          },
        },
        { provide: SMTP_SETTINGS, useValue: { host: config.SMTP_HOST, port: config.SMTP_PORT, from: config.SMTP_FROM } },
        {
          provide: NUDGE_JOB_SETTINGS,
          useValue: { redisUrl: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX, enabled: config.JOBS_ENABLED, scanEveryMs: config.NUDGE_SCAN_EVERY_MS },
        },
        provideSmsSender(config.SMS_PROVIDER),
        NudgeMailer,
        NudgeSources,
        NudgeService,
        NudgeJobs,
      ],
      exports: [NudgeService, NudgeJobs],
    };
  }
}
