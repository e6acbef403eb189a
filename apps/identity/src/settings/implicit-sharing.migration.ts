import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { EventStore } from '@abide/event-store';
import { MONGO_CONNECTION, runOnceBehindMarker } from '@abide/platform';
import type { Connection } from 'mongoose';
import { UserStream } from '../accounts/user-stream';

export const IMPLICIT_SHARING_MARKER = 'share-progress-implicit-ended';

/**
 * Sharing progress with groups and churches is off until the member turns it on (#26). Before, an account that never
 * chose shared by default; this one-time step records each such account as not sharing, with an
 * `identity.user.settings-updated` event on its stream, so identity's view, formation's and community's copies (over
 * Kafka) all follow. A member who chose, on or off, keeps their choice. Instances starting at once run it one at a
 * time behind a marker (runOnceBehindMarker); each account is decided on its stream as it stands, so a repeated run
 * (one cut short, or racing another replica's) records nothing twice.
 */
@Injectable()
export class ImplicitSharingMigration implements OnApplicationBootstrap {
  private readonly logger = new Logger(ImplicitSharingMigration.name);

  constructor(
    private readonly users: UserStream,
    private readonly eventStore: EventStore,
    @Inject(MONGO_CONNECTION) private readonly connection: Connection,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await runOnceBehindMarker(this.connection, 'identity_migrations', IMPLICIT_SHARING_MARKER, async () => {
      const failed = await this.endImplicitSharing();
      // No marker while an account is left: the next start tries again (and the others find theirs done).
      if (failed) throw new Error(`${failed} account(s) still share by the old default; the next start tries again`);
    });
  }

  /** Ends the implicit sharing of every account that never chose; returns how many could not be recorded. */
  async endImplicitSharing(): Promise<number> {
    const meta = { correlationId: `migration:${IMPLICIT_SHARING_MARKER}` };
    let ended = 0;
    let failed = 0;
    for (const userId of await this.eventStore.subjectsWith('identity.user.registered')) {
      try {
        ended += (await this.users.handle({ type: 'EndImplicitSharing', userId }, meta)).length;
      } catch (error) {
        // One member's stream (a race lost every time) must not stop the others.
        failed += 1;
        this.logger.warn({ userId, err: error }, 'Could not record an account as not sharing its progress');
      }
    }
    if (ended) this.logger.log(`Recorded ${ended} account(s) that never chose as not sharing their progress`);
    return failed;
  }
}
