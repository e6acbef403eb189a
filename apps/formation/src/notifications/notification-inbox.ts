/**
 * One member's bell as one document keyed by the member: the notifications the API can list (the newest
 * NOTIFICATIONS_LISTED) and every unread one besides, so the list and the unread count are one keyed read. A read
 * notification older than the listed ones can never be shown again and is dropped here (its own document stays).
 */
export const NOTIFICATIONS_LISTED = 100;

/** A notification as the API answers it, in the contract's field order. */
export interface InboxItem {
  id: string;
  title: string;
  body: string;
  link: string | null;
  createdAt: string;
  readAt: string | null;
}

export interface Inbox {
  /** Newest first: createdAt, then id, both descending (the order the bell always had). */
  items: InboxItem[];
}

export const emptyInbox = (): Inbox => ({ items: [] });

const newestFirst = (a: InboxItem, b: InboxItem): number =>
  a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? 1 : -1) : a.id === b.id ? 0 : a.id < b.id ? 1 : -1;

const trim = (inbox: Inbox): void => {
  inbox.items = inbox.items.filter((item, i) => i < NOTIFICATIONS_LISTED || item.readAt === null);
};

/** Puts notifications in their place (once each: one already there is left as it is). Returns whether anything changed. */
export const addToInbox = (inbox: Inbox, ...added: InboxItem[]): boolean => {
  const known = new Set(inbox.items.map((i) => i.id));
  const fresh = added.filter((item) => !known.has(item.id) && known.add(item.id));
  if (fresh.length === 0) return false;
  inbox.items = [...inbox.items, ...fresh].sort(newestFirst);
  trim(inbox);
  return true;
};

/** Marks one notification read at `at`: 'marked', 'already' (read before) or 'absent' (not in the inbox). */
export const markReadInInbox = (inbox: Inbox, id: string, at: string): 'marked' | 'already' | 'absent' => {
  const item = inbox.items.find((i) => i.id === id);
  if (!item) return 'absent';
  if (item.readAt !== null) return 'already';
  item.readAt = at;
  trim(inbox);
  return 'marked';
};

/** Marks every unread notification read at `at`; returns their ids. */
export const markAllReadInInbox = (inbox: Inbox, at: string): string[] => {
  const unread = inbox.items.filter((i) => i.readAt === null);
  for (const item of unread) item.readAt = at;
  trim(inbox);
  return unread.map((i) => i.id);
};

/** The bell: the newest `limit` notifications and how many are unread in all. */
export const inboxView = (inbox: Inbox, limit: number) => ({
  items: inbox.items.slice(0, limit),
  unreadCount: inbox.items.filter((i) => i.readAt === null).length,
});
