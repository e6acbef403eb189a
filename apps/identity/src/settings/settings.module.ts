import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { SmsModule } from '../sms/sms.module';
import { SettingsController } from './settings.controller';

/** A member's settings: name, time zone, reminders, channels, phone number and sharing. */
@Module({ imports: [AccountsModule, SmsModule], controllers: [SettingsController] })
export class SettingsModule {}
