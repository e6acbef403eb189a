import { DynamicModule, Module } from '@nestjs/common';
import { ServiceCoreModule } from '@abide/platform';
import { GATEWAY_CONFIG, type GatewayConfig } from './config/env.schema';
import { ServiceClient } from './proxy/service-client';
import { AccountController } from './routes/account/account.controller';
import { OnboardingController } from './routes/account/onboarding.controller';
import { SettingsController } from './routes/account/settings.controller';
import { AuthController } from './routes/auth/auth.controller';
import { ProfileController } from './routes/formation/profile.controller';
import { RateLimitGuard } from './rate-limit/rate-limit.guard';

@Module({})
export class AppModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceCoreModule.forRoot({ service: 'gateway', config }),
      ],
      controllers: [AuthController, ProfileController, OnboardingController, SettingsController, AccountController],
      providers: [{ provide: GATEWAY_CONFIG, useValue: config }, ServiceClient, RateLimitGuard],
    };
  }
}
