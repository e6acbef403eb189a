import { Schema } from 'mongoose';

/** One entry of the bell. `key` is the nudge's idempotency key: a retried delivery never adds a second row. */
export interface NotificationView {
  _id: string;
  userId: string;
  key: string;
  title: string;
  body: string;
  link: string | null;
  createdAt: Date;
  readAt: Date | null;
}

export const notificationSchema = new Schema<NotificationView>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    key: { type: String, required: true },
    title: { type: String, required: true },
    body: { type: String, required: true },
    link: { type: String, default: null },
    createdAt: { type: Date, required: true },
    readAt: { type: Date, default: null },
  },
  { collection: 'notifications', versionKey: false },
);

notificationSchema.index({ key: 1 }, { unique: true });
// A member's notifications, for account deletion and filling the inboxes once (the bell reads the inbox).
notificationSchema.index({ userId: 1, createdAt: -1 });
