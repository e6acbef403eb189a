import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Popover, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  useGetNotificationsQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  type AppNotification,
} from '../notificationsApi';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The bell of the frame. If the notifications service does not answer, the bell shows no badge and an
 * empty list: never a made-up count.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const { data, isError } = useGetNotificationsQuery();
  const [markRead] = useMarkNotificationReadMutation();
  const [markAllRead, { isLoading: markingAll }] = useMarkAllNotificationsReadMutation();
  const navigate = useNavigate();
  const items = isError ? [] : (data?.items ?? []);
  const unread = isError ? 0 : (data?.unreadCount ?? 0);

  const openItem = (item: AppNotification) => {
    if (!item.readAt) void markRead(item.id);
    if (item.link?.startsWith('/')) {
      setOpen(false);
      navigate(item.link);
    }
  };

  const content = (
    <div className="notifications">
      <div className="notifications__header">
        <Typography.Text strong>Notifications</Typography.Text>
        {unread > 0 && (
          <Button type="link" size="small" loading={markingAll} onClick={() => void markAllRead()}>
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
                onClick={() => openItem(item)}
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
    <Popover content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} arrow={false}>
      <Button
        type="text"
        shape="circle"
        size="large"
        className="frame__icon-button"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        aria-haspopup="dialog"
        aria-expanded={open}
        icon={
          <Badge count={unread} size="small" offset={[2, -2]}>
            <BellOutlined aria-hidden className="frame__icon" />
          </Badge>
        }
      />
    </Popover>
  );
}
