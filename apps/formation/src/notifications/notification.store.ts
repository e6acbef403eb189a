import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { unchanged, VersionedDocuments } from '@abide/event-store';
import { LiveSignals } from '@abide/messaging';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import { v5 as uuidv5 } from 'uuid';
import { addToInbox, emptyInbox, type Inbox, type InboxItem, inboxView, markAllReadInInbox, markReadInInbox } from './notification-inbox';
import { type NotificationView, notificationSchema } from './notification.schema';

export interface NewNotification {
  userId: string;
  key: string;
  title: string;
  body: string;
  link?: string | null;
}

const isDuplicateKey = (error: unknown): boolean => (error as { code?: number }).code === 11000;

/** A name-based id: the same key always names the same notification, so a repeated add finds it by `_id`. */
const NOTIFICATION_IDS = 'b6f3c1e2-4d4a-4f53-9a51-0c8e2f7d9a10';
export const notificationIdOf = (key: string): string => uuidv5(key, NOTIFICATION_IDS);

export const toInboxItem = (v: NotificationView): InboxItem => ({
  id: v._id,
  title: v.title,
  body: v.body,
  link: v.link,
  createdAt: v.createdAt.toISOString(),
  readAt: v.readAt?.toISOString() ?? null,
});

/**
 * The bell's notifications, always read and changed for one member only. Each notification keeps its own document
 * (the key's claim, and the record), and the member's inbox (`_id` = the member) is changed with it, by key: the bell
 * reads the inbox alone.
 */
@Injectable()
export class NotificationStore implements OnModuleInit {
  readonly model: Model<NotificationView>;
  /**
   * Each member's bell (see notification-inbox) as one JSON value, written by compare-and-set so any number of
   * replicas can change one inbox at the same moment. A collection of its own since values carry a revision
   * (`fillInboxes` filled it once from the notifications).
   */
  readonly inboxes: VersionedDocuments<Inbox>;

  constructor(
    @Inject(MONGO_CONNECTION) connection: Connection,
    private readonly live: LiveSignals,
  ) {
    this.model = connection.models.NotificationView ?? connection.model<NotificationView>('NotificationView', notificationSchema);
    this.inboxes = new VersionedDocuments<Inbox>(connection, 'notification_inboxes_versioned');
  }

  async onModuleInit(): Promise<void> {
    await this.model.init();
  }

  /** Adds a notification once per key (a second call is a no-op). Returns whether it was new. */
  async add(input: NewNotification, now = new Date()): Promise<boolean> {
    const view: NotificationView = { _id: notificationIdOf(input.key), ...input, link: input.link ?? null, createdAt: now, readAt: null };
    try {
      await this.model.create(view);
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      // Added before, maybe by a process that stopped before its inbox was changed: make sure the inbox has it.
      // (None under this id: one from before ids came from keys, which the inbox got when it was filled.)
      const existing = await this.model.findById(view._id).lean<NotificationView>();
      if (existing) await this.changeInbox(existing.userId, (inbox) => addToInbox(inbox, toInboxItem(existing)));
      return false;
    }
    await this.changeInbox(input.userId, (inbox) => addToInbox(inbox, toInboxItem(view)));
    return true;
  }

  /** The newest `limit` notifications and the unread count: one read by key. */
  async list(userId: string, limit: number) {
    return inboxView(await this.inboxOf(userId), limit);
  }

  /** Marks one of the member's notifications read; false when it is not theirs (or does not exist). */
  async markRead(userId: string, id: string, now = new Date()): Promise<boolean> {
    // Set by the change (`as`: the compiler does not follow assignments made in a callback).
    let outcome = 'absent' as ReturnType<typeof markReadInInbox>;
    await this.changeInbox(userId, (inbox) => {
      outcome = markReadInInbox(inbox, id, now.toISOString());
      return outcome === 'marked';
    });
    // The notification's own record follows the inbox, once the inbox's change has won.
    if (outcome === 'marked') await this.model.updateOne({ _id: id }, { $set: { readAt: now } });
    if (outcome !== 'absent') return true;
    // Not in the inbox: a read one too old to be listed, or another member's.
    const found = await this.model.findById(id, { userId: 1 }).lean<Pick<NotificationView, 'userId'>>();
    return found?.userId === userId;
  }

  async markAllRead(userId: string, now = new Date()): Promise<number> {
    let marked: string[] = [];
    await this.changeInbox(userId, (inbox) => {
      marked = markAllReadInInbox(inbox, now.toISOString());
      return marked.length > 0;
    });
    await Promise.all(marked.map((id) => this.model.updateOne({ _id: id }, { $set: { readAt: now } })));
    return marked.length;
  }

  async purge(userId: string): Promise<void> {
    await this.model.deleteMany({ userId });
    // Nothing of the member is left, not even the row a delete by compare-and-set would keep.
    await this.inboxes.model.deleteOne({ _id: userId });
  }

  /**
   * Changes the member's inbox by compare-and-set: `change` edits the inbox it is given and says whether it changed
   * anything; a lost race calls it again on the inbox as the winner left it (so what it records must come from its
   * last call). When written, the member's open streams are told their bell changed (docs/architecture.md, "Live
   * updates").
   */
  async changeInbox(userId: string, change: (inbox: Inbox) => boolean): Promise<void> {
    let written = false;
    await this.inboxes.update(userId, (current) => {
      const inbox = current ?? emptyInbox();
      written = change(inbox);
      return written ? inbox : unchanged;
    });
    if (written) this.live.tell({ members: [userId] }, { kind: 'notifications' });
  }

  private async inboxOf(userId: string): Promise<Inbox> {
    return (await this.inboxes.get(userId)) ?? emptyInbox();
  }
}
