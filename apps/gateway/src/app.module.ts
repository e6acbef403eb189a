import { DynamicModule, Module } from '@nestjs/common';
import { ServiceCoreModule } from '@abide/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from './config/env.schema';
import { DownstreamHealth } from './health/downstream-health';
import { ServiceClient } from './proxy/service-client';
import { AccountController } from './routes/account/account.controller';
import { OnboardingController } from './routes/account/onboarding.controller';
import { SettingsController } from './routes/account/settings.controller';
import { AuthController } from './routes/auth/auth.controller';
import { HabitsController } from './routes/formation/habits.controller';
import { PlansController } from './routes/formation/plans.controller';
import { JournalController } from './routes/formation/journal.controller';
import { NotificationsController, NudgesController } from './routes/formation/notifications.controller';
import { ProfileController } from './routes/formation/profile.controller';
import { ScriptureController } from './routes/formation/scripture.controller';
import { StatsController } from './routes/formation/stats.controller';
import { GroupsController } from './routes/community/groups.controller';
import { ModerationController } from './routes/library/moderation.controller';
import { UploadsController } from './routes/library/uploads.controller';
import { RateLimitCounters } from './rate-limit/rate-limit-counters';
import { RateLimitGuard } from './rate-limit/rate-limit.guard';

@Module({})
export class AppModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ServiceCoreModule.forRoot({ service: 'gateway', config })],
      controllers: [
        AuthController,
        ProfileController,
        OnboardingController,
        SettingsController,
        AccountController,
        PlansController,
        HabitsController,
        StatsController,
        JournalController,
        ScriptureController,
        NotificationsController,
        NudgesController,
        UploadsController,
        ModerationController,
        GroupsController,
      ],
      providers: [{ provide: GATEWAY_CONFIG, useValue: config }, ServiceClient, RateLimitCounters, RateLimitGuard, DownstreamHealth],
    };
  }
}
