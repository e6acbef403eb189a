import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { SmsModule } from '../sms/sms.module';
import { OnboardingController } from './onboarding.controller';

/** The newcomer's onboarding answers. */
@Module({ imports: [AccountsModule, SmsModule], controllers: [OnboardingController] })
export class OnboardingModule {}
