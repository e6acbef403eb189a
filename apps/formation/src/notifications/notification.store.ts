import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection, Model } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';
import { type NotificationView, notificationSchema } from './notification.schema';

export interface NewNotification {
  userId: string;
  key: string;
  title: string;
  body: string;
  link?: string | null;
}

const isDuplicateKey = (error: unknown): boolean => (error as { code?: number }).code === 11000;

const toNotification = (v: NotificationView) => ({
  id: v._id,
  title: v.title,
  body: v.body,
  link: v.link,
  createdAt: v.createdAt.toISOString(),
  readAt: v.readAt?.toISOString() ?? null,
});

/** The bell's notifications, always read and changed for one member only. */
@Injectable()
export class NotificationStore implements OnModuleInit {
  readonly model: Model<NotificationView>;

  constructor(@Inject(MONGO_CONNECTION) connection: Connection) {
    this.model = connection.models.NotificationView ?? connection.model<NotificationView>('NotificationView', notificationSchema);
  }

  async onModuleInit(): Promise<void> {
    await this.model.init();
  }

  /** Adds a notification once per key (the unique index decides; a second call is a no-op). Returns whether it was new. */
  async add(input: NewNotification, now = new Date()): Promise<boolean> {
    try {
      await this.model.create({ _id: uuidv7(), ...input, link: input.link ?? null, createdAt: now, readAt: null });
      return true;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  async list(userId: string, limit: number) {
    const [items, unreadCount] = await Promise.all([
      this.model.find({ userId }).sort({ createdAt: -1, _id: -1 }).limit(limit).lean<NotificationView[]>(),
      this.model.countDocuments({ userId, readAt: null }),
    ]);
    return { items: items.map(toNotification), unreadCount };
  }

  /** Marks one of the member's notifications read; false when it is not theirs (or does not exist). */
  async markRead(userId: string, id: string, now = new Date()): Promise<boolean> {
    const found = await this.model.findOne({ _id: id, userId }, { readAt: 1 }).lean<Pick<NotificationView, 'readAt'>>();
    if (!found) return false;
    if (!found.readAt) await this.model.updateOne({ _id: id, userId, readAt: null }, { $set: { readAt: now } });
    return true;
  }

  async markAllRead(userId: string, now = new Date()): Promise<number> {
    const result = await this.model.updateMany({ userId, readAt: null }, { $set: { readAt: now } });
    return result.modifiedCount;
  }

  async purge(userId: string): Promise<void> {
    await this.model.deleteMany({ userId });
  }
}
