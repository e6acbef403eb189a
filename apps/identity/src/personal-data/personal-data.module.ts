import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { MemberImportsModule } from '../member-imports/member-imports.module';
import { SessionsModule } from '../sessions/sessions.module';
import { SmsModule } from '../sms/sms.module';
import { TwoFactorModule } from '../two-factor/two-factor.module';
import { AccountDeletionController } from './account-deletion.controller';
import { AccountExportController } from './account-export.controller';
import { DeleteAccountHandler } from './delete-account.commands';
import { PersonalDataParts } from './personal-data-parts';

/** A member's personal data: the export of everything identity holds of them, and the account's deletion. */
@Module({
  imports: [AccountsModule, MemberImportsModule, SessionsModule, SmsModule, TwoFactorModule],
  controllers: [AccountExportController, AccountDeletionController],
  providers: [DeleteAccountHandler, PersonalDataParts],
})
export class PersonalDataModule {}
