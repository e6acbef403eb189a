import type { Connection } from 'mongoose';
import type { MigrationLog } from '@abide/platform';
import { addToInbox, type InboxItem } from './notification-inbox';
import type { NotificationView } from './notification.schema';
import { type NotificationStore, toInboxItem } from './notification.store';

/** Its marker in `formation_migrations` (formation.migration.ts): a new one, run again, when inboxes moved to compare-and-set. */
export const NOTIFICATION_INBOX_MARKER = 'notification-inboxes-versioned';
const RETIRED_COLLECTION = 'notification_inboxes';

/**
 * Fills each member's inbox once from the notifications kept one document each before inboxes existed. Each is merged
 * by its id, so one added meanwhile is neither lost nor doubled, and a run cut short simply runs again at the next
 * start. Then drops the inboxes as they were kept before (written under a per-process lock): nothing reads them.
 */
export async function fillInboxes(connection: Connection, store: NotificationStore, log: MigrationLog): Promise<void> {
  const started = Date.now();
  const byUser = new Map<string, InboxItem[]>();
  for (const view of await store.model.find().lean<NotificationView[]>()) {
    byUser.set(view.userId, [...(byUser.get(view.userId) ?? []), toInboxItem(view)]);
  }
  for (const [userId, items] of byUser) await store.changeInbox(userId, (inbox) => addToInbox(inbox, ...items));
  if (byUser.size) log.log(`Filled the inboxes of ${byUser.size} member(s) in ${Date.now() - started} ms`);
  await connection
    .collection(RETIRED_COLLECTION)
    .drop()
    .catch(() => undefined);
}
