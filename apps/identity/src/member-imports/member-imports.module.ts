import { Module } from '@nestjs/common';
import { EventSourcingModule } from '@abide/event-store';
import { portProvider, twilioSenderFor } from '@abide/platform';
import { AccountsModule } from '../accounts/accounts.module';
import { MailModule } from '../mail/mail.module';
import { SessionsModule } from '../sessions/sessions.module';
import { SmsModule } from '../sms/sms.module';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { ChurchDirectory } from './church-directory';
import { ImportProcessor } from './import-processor';
import { ImportQueues } from './import-queues';
import { ImportQuotas } from './import-quotas';
import { ImportRecords } from './import-records';
import { ImportStream } from './import-stream.commands';
import { INVITATION_SMS_SENDER, InvitationDelivery } from './invitation-delivery';
import { InvitationsController } from './invitations.controller';
import { Invitations } from './invitations.service';
import { MemberImportsController } from './member-imports.controller';
import { MemberImports } from './member-imports.service';
import { MemberImportProjection } from './projections/member-import.projection';
import { ImportedAddresses } from './member-imports.port';

const readModels = EventSourcingModule.forFeature([MemberImportProjection]);

/** Bulk onboarding (docs/member-imports.md): a church's member list imported, invitations sent and accepted. */
@Module({
  imports: [AccountsModule, MailModule, SessionsModule, SmsModule, readModels],
  controllers: [MemberImportsController, InvitationsController],
  providers: [
    ChurchDirectory,
    ImportQueues,
    ImportQuotas,
    ImportRecords,
    ImportStream,
    ImportProcessor,
    InvitationDelivery,
    Invitations,
    MemberImports,
    {
      provide: INVITATION_SMS_SENDER,
      useFactory: (config: IdentityConfig) => twilioSenderFor(config),
      inject: [IDENTITY_CONFIG],
    },
    portProvider(ImportedAddresses, ImportRecords),
  ],
  exports: [ImportedAddresses],
})
export class MemberImportsModule {}
