import type { Provider, Type } from '@nestjs/common';
import { twilioSenderFor } from '@abide/platform';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/env.schema';
import { ChurchDirectory } from './church-directory';
import { ImportProcessor } from './import-processor';
import { ImportQueues } from './import-queues';
import { ImportQuotas } from './import-quotas';
import { ImportRecords } from './import-records';
import { ImportStream } from './import-stream';
import { INVITATION_SMS_SENDER, InvitationDelivery } from './invitation-delivery';
import { InvitationsController } from './invitations.controller';
import { Invitations } from './invitations.service';
import { MemberImportsController } from './member-imports.controller';
import { MemberImports } from './member-imports.service';

/** Bulk onboarding's routes and parts (docs/member-imports.md); its projections are in the app's event sourcing. */
export const memberImportControllers: Type[] = [MemberImportsController, InvitationsController];

export const memberImportProviders: Provider[] = [
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
];
