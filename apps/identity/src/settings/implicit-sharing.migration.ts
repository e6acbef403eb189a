import { Injectable } from '@nestjs/common';
import { EventStore } from '@abide/event-store';
import { OneTimeMigration } from '@abide/platform';
import { UserCommands } from '../accounts/accounts.port';

export const IMPLICIT_SHARING_MARKER = 'share-progress-implicit-ended';

/**
 * Sharing progress with groups and churches is off until the member turns it on (#26). Before, an account that never
 * chose shared by default; this one-time step records each such account as not sharing, with an
 * `identity.user.settings-updated` event on its stream, so identity's view, formation's and community's copies (over
 * Kafka) all follow. A member who chose, on or off, keeps their choice. Instances starting at once run it one at a
 * time (a repeated step), and it runs at each start until a run finds nothing left, so an account it could not
 * record (or an old instance's new account, during a rollout) is taken at the next start; each account is decided on
 * its stream as it stands, so a repeated run records nothing twice. One member's stream never stops identity's start.
 */
@Injectable()
export class ImplicitSharingMigration extends OneTimeMigration {
  constructor(
    private readonly users: UserCommands,
    private readonly eventStore: EventStore,
  ) {
    super('identity_migrations');
  }

  protected steps() {
    return {
      [IMPLICIT_SHARING_MARKER]: {
        untilNothingLeft: async () => {
          const { ended, failed } = await this.endImplicitSharing();
          if (failed) this.logger.warn(`${failed} account(s) still share by the old default; the next start tries again`);
          return ended + failed;
        },
      },
    };
  }

  /** Ends the implicit sharing of every account that never chose: how many it recorded, and how many it could not. */
  async endImplicitSharing(): Promise<{ ended: number; failed: number }> {
    const meta = { correlationId: `migration:${IMPLICIT_SHARING_MARKER}` };
    const { done: ended, failed } = await this.eachOnItsOwn(
      await this.eventStore.subjectsWith('identity.user.registered'),
      async (userId) => (await this.users.handle({ type: 'EndImplicitSharing', userId }, meta)).length,
      { message: 'Could not record an account as not sharing its progress', context: (userId) => ({ userId }) },
    );
    if (ended) this.logger.log(`Recorded ${ended} account(s) that never chose as not sharing their progress`);
    return { ended, failed };
  }
}
