import { Injectable } from '@nestjs/common';
import { EventStore } from '@abide/event-store';
import { OneTimeMigration } from '@abide/platform';
import { UserCommands } from './accounts/accounts.port';
import { IMPLICIT_SHARING_MARKER, endImplicitSharing } from './settings/implicit-sharing.migration';
import { ProvedNumbers } from './sms/sms.port';
import { UNPROVED_OPT_INS_MARKER, endUnprovedOptIns } from './sms/unproved-opt-ins.migration';

/** Identity's one-time data steps, each behind its marker in `identity_migrations`, in the order they run. */
@Injectable()
export class IdentityMigrations extends OneTimeMigration {
  constructor(
    private readonly users: UserCommands,
    private readonly events: EventStore,
    private readonly proved: ProvedNumbers,
  ) {
    super('identity_migrations');
  }

  protected steps() {
    return {
      [UNPROVED_OPT_INS_MARKER]: { untilNothingLeft: () => endUnprovedOptIns(this.users, this.events, this.proved, this.logger) },
      [IMPLICIT_SHARING_MARKER]: { untilNothingLeft: () => endImplicitSharing(this.users, this.events, this.logger) },
    };
  }
}
