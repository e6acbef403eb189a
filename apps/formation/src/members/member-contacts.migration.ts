import { Injectable } from '@nestjs/common';
import { OneTimeMigration } from '@abide/platform';
import { MemberStream } from './commands/member-stream.commands';

const MARKER = 'member-contacts';
/** The reminders' own copy of members, from before formation kept one member read model. */
const LEGACY_COLLECTION = 'nudge_members';

interface LegacyMember {
  _id: string;
  name: string | null;
  email: string | null;
  emailUnsubscribedAt: Date | null;
  deleted: boolean;
}

/**
 * Moves what only the reminders' old member copy knew (contact details, an unsubscribe) onto each member's stream,
 * once, then drops that copy. The deciders record only real changes, so a run cut short simply runs again.
 */
@Injectable()
export class MemberContactsMigration extends OneTimeMigration {
  constructor(private readonly members: MemberStream) {
    super('formation_migrations');
  }

  protected steps() {
    return { [MARKER]: () => this.moveContacts() };
  }

  private async moveContacts(): Promise<void> {
    const legacy = this.connection.collection<LegacyMember>(LEGACY_COLLECTION);
    const rows = await legacy.find({ deleted: { $ne: true } }).toArray();
    const meta = { correlationId: `migration:${MARKER}` };
    for (const row of rows) {
      const userId = row._id;
      const unsubscribedAt = row.emailUnsubscribedAt?.toISOString() ?? null;
      await this.members.handle({ type: 'MoveLegacyContact', userId, name: row.name, email: row.email, unsubscribedAt }, meta);
    }
    if (rows.length) this.logger.log(`Moved the contact details of ${rows.length} member(s) onto their streams`);
    await legacy.drop().catch(() => undefined);
  }
}
