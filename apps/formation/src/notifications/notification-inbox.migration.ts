import { Injectable } from '@nestjs/common';
import { OneTimeMigration } from '@abide/platform';
import { addToInbox, type InboxItem } from './notification-inbox';
import type { NotificationView } from './notification.schema';
import { NotificationStore, toInboxItem } from './notification.store';

// Run again (a new marker) when inboxes moved to a collection written by compare-and-set.
const MARKER = 'notification-inboxes-versioned';
const RETIRED_COLLECTION = 'notification_inboxes';

/**
 * Fills each member's inbox once from the notifications kept one document each before inboxes existed. Each is merged
 * by its id, so one added meanwhile is neither lost nor doubled, and a run cut short simply runs again at the next
 * start. A marker keyed by name says it is done.
 */
@Injectable()
export class NotificationInboxMigration extends OneTimeMigration {
  constructor(private readonly store: NotificationStore) {
    super('formation_migrations');
  }

  protected steps() {
    return { [MARKER]: () => this.fill() };
  }

  private async fill(): Promise<void> {
    const started = Date.now();
    const byUser = new Map<string, InboxItem[]>();
    for (const view of await this.store.model.find().lean<NotificationView[]>()) {
      byUser.set(view.userId, [...(byUser.get(view.userId) ?? []), toInboxItem(view)]);
    }
    for (const [userId, items] of byUser) await this.store.changeInbox(userId, (inbox) => addToInbox(inbox, ...items));
    if (byUser.size) this.logger.log(`Filled the inboxes of ${byUser.size} member(s) in ${Date.now() - started} ms`);
    // The inboxes as they were kept before (written under a per-process lock): nothing reads them any more.
    await this.connection
      .collection(RETIRED_COLLECTION)
      .drop()
      .catch(() => undefined);
  }
}
