import type { Connection } from 'mongoose';
import { dropRetiredCollections, type MigrationLog } from '@abide/platform';
import { unchanged, VersionedDocuments } from '@abide/event-store';
import { MEMBER_GROUPS_COLLECTION, type MemberGroupRoles, RETIRED_GROUP_COLLECTIONS } from './directory.schema';

/** Its marker in `library_migrations` (library.migration.ts). */
export const MEMBER_GROUPS_MARKER = 'member-groups-versioned';

/**
 * Fills `library_member_groups_2` once from where the groups of each member were kept before (one row per membership,
 * and a list per member), which community's events filled: Kafka cannot replay them. Each group comes in at version
 * 0, under every event of its stream, so a join or leave handled meanwhile wins (the directory's documents, written by
 * compare-and-set); a run cut short runs again at the next start (adding a group already there changes nothing).
 */
export async function fillMemberGroups(connection: Connection, log: MigrationLog): Promise<void> {
  const memberGroups = new VersionedDocuments<MemberGroupRoles>(connection, MEMBER_GROUPS_COLLECTION);
  const [rows, lists] = RETIRED_GROUP_COLLECTIONS.map((name) => connection.collection(name));
  const byUser = new Map<string, Set<string>>();
  const add = (userId: string, groupId: string) => byUser.set(userId, (byUser.get(userId) ?? new Set()).add(groupId));
  for await (const row of rows.find({}, { projection: { groupId: 1, userId: 1 } })) add(String(row.userId), String(row.groupId));
  for await (const list of lists.find({}, { projection: { groups: 1 } }))
    for (const groupId of (list.groups as string[] | undefined) ?? []) add(String(list._id), groupId);
  for (const [userId, groupIds] of byUser)
    await memberGroups.update(userId, (current) => {
      const missing = [...groupIds].filter((groupId) => !current?.[groupId]);
      return missing.length ? { ...current, ...Object.fromEntries(missing.map((g) => [g, { member: true, version: 0 }])) } : unchanged;
    });
  if (byUser.size) log.log(`Moved the groups of ${byUser.size} member(s) to library_member_groups_2`);
  await dropRetiredCollections(connection, ...RETIRED_GROUP_COLLECTIONS);
}
