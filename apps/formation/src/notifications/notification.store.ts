import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { withDocument } from '@abide/event-store';
import { LiveSignals } from '@abide/messaging';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import { v5 as uuidv5 } from 'uuid';
import { addToInbox, emptyInbox, type Inbox, type InboxItem, inboxView, markAllReadInInbox, markReadInInbox } from './notification-inbox';
import { type NotificationInboxDocument, notificationInboxSchema, type NotificationView, notificationSchema } from './notification.schema';

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
  readonly inboxes: Model<NotificationInboxDocument>;

  constructor(
    @Inject(MONGO_CONNECTION) connection: Connection,
    private readonly live: LiveSignals,
  ) {
    this.model = connection.models.NotificationView ?? connection.model<NotificationView>('NotificationView', notificationSchema);
    this.inboxes =
      connection.models.NotificationInbox ?? connection.model<NotificationInboxDocument>('NotificationInbox', notificationInboxSchema);
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
    let outcome: ReturnType<typeof markReadInInbox> = 'absent';
    await this.changeInbox(userId, async (inbox) => {
      outcome = markReadInInbox(inbox, id, now.toISOString());
      if (outcome === 'marked') await this.model.updateOne({ _id: id }, { $set: { readAt: now } });
      return outcome === 'marked';
    });
    if (outcome !== 'absent') return true;
    // Not in the inbox: a read one too old to be listed, or another member's.
    const found = await this.model.findById(id, { userId: 1 }).lean<Pick<NotificationView, 'userId'>>();
    return found?.userId === userId;
  }

  async markAllRead(userId: string, now = new Date()): Promise<number> {
    let marked: string[] = [];
    await this.changeInbox(userId, async (inbox) => {
      marked = markAllReadInInbox(inbox, now.toISOString());
      await Promise.all(marked.map((id) => this.model.updateOne({ _id: id }, { $set: { readAt: now } })));
      return marked.length > 0;
    });
    return marked.length;
  }

  async purge(userId: string): Promise<void> {
    await this.model.deleteMany({ userId });
    await this.inboxes.deleteOne({ _id: userId });
  }

  /**
   * Read-modify-write of the member's inbox, one at a time per member in this process; written when `change` says so,
   * and then the member's open streams are told their bell changed (docs/architecture.md, "Live updates").
   */
  async changeInbox(userId: string, change: (inbox: Inbox) => boolean | Promise<boolean>): Promise<void> {
    const written = await withDocument(this.inboxes as unknown as Model<unknown>, userId, async () => {
      const inbox = await this.inboxOf(userId);
      if (!(await change(inbox))) return false;
      await this.inboxes.updateOne({ _id: userId }, { $set: { inbox: JSON.stringify(inbox) } }, { upsert: true });
      return true;
    });
    if (written) this.live.tell({ members: [userId] }, { kind: 'notifications' });
  }

  private async inboxOf(userId: string): Promise<Inbox> {
    const doc = await this.inboxes.findById(userId).lean<NotificationInboxDocument>();
    return doc ? (JSON.parse(doc.inbox) as Inbox) : emptyInbox();
  }
}
