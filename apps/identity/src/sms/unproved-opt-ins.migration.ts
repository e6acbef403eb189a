import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { EventStore } from '@abide/event-store';
import { MONGO_CONNECTION, runUntilNothingLeft } from '@abide/platform';
import type { Connection } from 'mongoose';
import { UserStream } from '../accounts/accounts.port';
import { VerifiedNumbers } from './verified-numbers';

const MARKER = 'sms-unproved-opt-ins-ended';

/**
 * Ends the opt-ins to reminder texts made before numbers had to be proved, at numbers their members never proved
 * (docs/architecture.md, "Text messages"): `identity.user.sms-opted-out` with `source: number-not-verified` on the
 * member's stream, so formation stops the reminders as for any opt-out, and Settings says why. Runs at every start
 * until one finds nothing left, since an instance of the release before may still record such opt-ins while this one
 * rolls out. Replicas starting together each decide on the stream as it stands, so an opt-in ends once.
 */
@Injectable()
export class UnprovedOptInsMigration implements OnApplicationBootstrap {
  private readonly logger = new Logger(UnprovedOptInsMigration.name);

  constructor(
    private readonly users: UserStream,
    private readonly eventStore: EventStore,
    private readonly verified: VerifiedNumbers,
    @Inject(MONGO_CONNECTION) private readonly connection: Connection,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await runUntilNothingLeft(this.connection, 'identity_migrations', MARKER, () => this.endUnprovedOptIns());
  }

  /** How many opt-ins this run ended, plus those it could not end (so the next start tries them again). */
  async endUnprovedOptIns(): Promise<number> {
    const meta = { correlationId: `migration:${MARKER}` };
    let ended = 0;
    let failed = 0;
    // Every member who ever opted in; the stream says whether an opt-in still stands, and at which number.
    for (const userId of await this.eventStore.subjectsWith('identity.user.sms-opted-in')) {
      try {
        const { state } = await this.users.load(userId);
        const number = state.smsOptedInNumber;
        if (!number || state.deleted || (await this.verified.isVerifiedBy(userId, number))) continue;
        const events = await this.users.handle({ type: 'EndUnprovedOptIn', userId, number, now: new Date() }, meta);
        ended += events.length;
      } catch (error) {
        // One member's stream (a race lost every time) must not keep identity from starting.
        failed += 1;
        this.logger.warn({ userId, err: error }, 'Could not end an opt-in at a number never proved; the next start tries again');
      }
    }
    if (ended) this.logger.log(`Ended ${ended} opt-in(s) to texts at numbers never proved`);
    return ended + failed;
  }
}
