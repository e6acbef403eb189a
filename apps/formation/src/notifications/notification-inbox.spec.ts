import {
  addToInbox,
  emptyInbox,
  type InboxItem,
  inboxView,
  markAllReadInInbox,
  markReadInInbox,
  NOTIFICATIONS_LISTED,
} from './notification-inbox';

const item = (id: string, createdAt: string, readAt: string | null = null): InboxItem => ({
  id,
  title: `T ${id}`,
  body: 'B',
  link: null,
  createdAt,
  readAt,
});
const at = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();

describe(addToInbox.name, () => {
  it('keeps notifications newest first, the same instant by id descending, each once', () => {
    const inbox = emptyInbox();
    addToInbox(inbox, item('a', at(1)), item('c', at(2)));
    addToInbox(inbox, item('b', at(2)));

    expect(addToInbox(inbox, item('a', at(1)))).toBe(false);
    expect(inbox.items.map((i) => i.id)).toEqual(['c', 'b', 'a']);
  });

  it('drops read notifications too old to be listed and keeps every unread one', () => {
    const inbox = emptyInbox();
    addToInbox(inbox, item('old-read', at(0), at(1)), item('old-unread', at(0)));
    addToInbox(inbox, ...Array.from({ length: NOTIFICATIONS_LISTED }, (_, n) => item(`n${String(n).padStart(3, '0')}`, at(10 + n))));

    expect(inbox.items).toHaveLength(NOTIFICATIONS_LISTED + 1);
    expect(inbox.items.at(-1)?.id).toBe('old-unread');
    expect(inboxView(inbox, NOTIFICATIONS_LISTED).unreadCount).toBe(NOTIFICATIONS_LISTED + 1);
  });
});

describe(markReadInInbox.name, () => {
  it('marks once, and tells a notification it does not hold', () => {
    const inbox = emptyInbox();
    addToInbox(inbox, item('a', at(1)));

    expect(markReadInInbox(inbox, 'a', at(5))).toBe('marked');
    expect(markReadInInbox(inbox, 'a', at(6))).toBe('already');
    expect(markReadInInbox(inbox, 'x', at(6))).toBe('absent');
    expect(inbox.items[0].readAt).toBe(at(5));
  });
});

describe(markAllReadInInbox.name, () => {
  it('marks the unread ones and returns their ids; the view then counts none unread', () => {
    const inbox = emptyInbox();
    addToInbox(inbox, item('a', at(1)), item('b', at(2), at(3)), item('c', at(4)));

    expect(markAllReadInInbox(inbox, at(9))).toEqual(['c', 'a']);
    expect(inboxView(inbox, 2)).toEqual({
      items: [expect.objectContaining({ id: 'c', readAt: at(9) }), expect.objectContaining({ id: 'b', readAt: at(3) })],
      unreadCount: 0,
    });
  });
});
