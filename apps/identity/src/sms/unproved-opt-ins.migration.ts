import { Injectable } from '@nestjs/common';
import { EventStore } from '@abide/event-store';
import { OneTimeMigration } from '@abide/platform';
import { UserCommands } from '../accounts/accounts.port';
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
export class UnprovedOptInsMigration extends OneTimeMigration {
  constructor(
    private readonly users: UserCommands,
    private readonly eventStore: EventStore,
    private readonly verified: VerifiedNumbers,
  ) {
    super('identity_migrations');
  }

  protected steps() {
    return { [MARKER]: { untilNothingLeft: () => this.endUnprovedOptIns() } };
  }

  /** How many opt-ins this run ended, plus those it could not end (so the next start tries them again). */
  async endUnprovedOptIns(): Promise<number> {
    const meta = { correlationId: `migration:${MARKER}` };
    // Every member who ever opted in; the stream says whether an opt-in still stands, and at which number.
    const { done: ended, failed } = await this.eachOnItsOwn(
      await this.eventStore.subjectsWith('identity.user.sms-opted-in'),
      async (userId) => {
        const { state } = await this.users.load(userId);
        const number = state.smsOptedInNumber;
        if (!number || state.deleted || (await this.verified.isVerifiedBy(userId, number))) return 0;
        return (await this.users.handle({ type: 'EndUnprovedOptIn', userId, number, now: new Date() }, meta)).length;
      },
      { message: 'Could not end an opt-in at a number never proved; the next start tries again', context: (userId) => ({ userId }) },
    );
    if (ended) this.logger.log(`Ended ${ended} opt-in(s) to texts at numbers never proved`);
    return ended + failed;
  }
}
