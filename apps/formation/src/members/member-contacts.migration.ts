import type { Connection } from 'mongoose';
import type { MigrationLog } from '@abide/platform';
import type { MemberStream } from './commands/member-stream.commands';

/** Its marker in `formation_migrations` (formation.migration.ts). */
export const MEMBER_CONTACTS_MARKER = 'member-contacts';
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
export async function moveLegacyContacts(connection: Connection, members: MemberStream, log: MigrationLog): Promise<void> {
  const legacy = connection.collection<LegacyMember>(LEGACY_COLLECTION);
  const rows = await legacy.find({ deleted: { $ne: true } }).toArray();
  const meta = { correlationId: `migration:${MEMBER_CONTACTS_MARKER}` };
  for (const row of rows) {
    const userId = row._id;
    const unsubscribedAt = row.emailUnsubscribedAt?.toISOString() ?? null;
    await members.handle({ type: 'MoveLegacyContact', userId, name: row.name, email: row.email, unsubscribedAt }, meta);
  }
  if (rows.length) log.log(`Moved the contact details of ${rows.length} member(s) onto their streams`);
  await legacy.drop().catch(() => undefined);
}
