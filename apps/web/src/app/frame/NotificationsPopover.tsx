import { Button, Empty, Popover, Typography } from 'antd';
import type { ReactElement } from 'react';
import type { AppNotification } from './notificationsApi';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The bell's popover (antd), around the trigger NotificationBell renders; loaded on first use. */
export function NotificationsPopover({
  items,
  unread,
  markingAll,
  onMarkAll,
  onOpenItem,
  open,
  onOpenChange,
  children,
}: {
  items: AppNotification[];
  unread: number;
  markingAll: boolean;
  onMarkAll: () => void;
  onOpenItem: (item: AppNotification) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactElement;
}) {
  const content = (
    <div className="notifications">
      <div className="notifications__header">
        <Typography.Text strong>Notifications</Typography.Text>
        {unread > 0 && (
          <Button type="link" size="small" loading={markingAll} onClick={onMarkAll}>
            Mark all as read
          </Button>
        )}
      </div>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No notifications yet" className="notifications__empty" />
      ) : (
        <ul className="notifications__list">
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className={item.readAt ? 'notification' : 'notification notification--unread'}
                onClick={() => onOpenItem(item)}
              >
                <span className="notification__title">
                  {!item.readAt && <span className="visually-hidden">Unread: </span>}
                  {item.title}
                </span>
                <span className="notification__body">{item.body}</span>
                <time className="notification__time" dateTime={item.createdAt}>
                  {when.format(new Date(item.createdAt))}
                </time>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );

  return (
    <Popover
      content={content}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={onOpenChange}
      arrow={false}
      rootClassName="notifications-popover"
    >
      {children}
    </Popover>
  );
}
