import { DynamicModule, Module } from '@nestjs/common';
import type { FormationConfig } from '../config/env.schema';
import { DeliveryModule } from '../delivery/delivery.module';
import { HabitsModule } from '../habits/habits.module';
import { JournalModule } from '../journal/journal.module';
import { MemberLifecycle } from '../members/members.port';
import { MembersModule } from '../members/members.module';
import { NotificationsModule } from '../notifications/notifications.module';
import { StatsModule } from '../stats/stats.module';
import { parseQuietHours } from './domain/due-nudges';
import { NUDGE_JOB_SETTINGS, NudgeJobs } from './jobs/nudge-jobs';
import { NUDGE_SETTINGS, NudgeService } from './nudge.service';
import { NudgeSources } from './nudge-sources';
import { NudgesController } from './nudges.controller';

/** Reminders: the scan (dueNudges), delivery in-app/e-mail/SMS, and the unsubscribe link. */
@Module({})
export class NudgesModule {
  constructor(lifecycle: MemberLifecycle, nudges: NudgeService) {
    lifecycle.listen({ forget: (userId) => nudges.purge(userId) });
  }

  static forRoot(config: FormationConfig): DynamicModule {
    return {
      module: NudgesModule,
      imports: [MembersModule, NotificationsModule, DeliveryModule, HabitsModule, StatsModule, JournalModule],
      controllers: [NudgesController],
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
        {
          provide: NUDGE_JOB_SETTINGS,
          useValue: {
            redisUrl: config.REDIS_URL,
            keyPrefix: config.REDIS_KEY_PREFIX,
            enabled: config.JOBS_ENABLED,
            scanEveryMs: config.NUDGE_SCAN_EVERY_MS,
          },
        },
        NudgeSources,
        NudgeService,
        NudgeJobs,
      ],
      exports: [NudgeService, NudgeJobs],
    };
  }
}
