import { BellOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useFramePopupTrigger } from './useFramePopupTrigger';
import {
  NOTIFICATION_LIMIT,
  useNotificationsListQuery,
  useNotificationsReadAllMutation,
  useNotificationsReadMutation,
  type AppNotification,
} from './notificationsApi';

/**
 * The bell of the frame. If the notifications service does not answer, the bell shows no badge and an
 * empty list: never a made-up count. Its popover (antd) loads when the member first points at, focuses or taps
 * the bell, and a tap before it has arrived opens it as soon as it has.
 */
export function NotificationBell() {
  const { popups, open, setOpen, trigger, triggerProps } = useFramePopupTrigger();
  const { data, isError } = useNotificationsListQuery(NOTIFICATION_LIMIT);
  const [markRead] = useNotificationsReadMutation();
  const [markAllRead, { isLoading: markingAll }] = useNotificationsReadAllMutation();
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

  const button = (
    <Button
      ref={trigger}
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
      {...triggerProps}
    />
  );

  if (!popups) return button;
  return (
    <popups.NotificationsPopover
      items={items}
      unread={unread}
      markingAll={markingAll}
      onMarkAll={() => void markAllRead()}
      onOpenItem={openItem}
      open={open}
      onOpenChange={setOpen}
    >
      {button}
    </popups.NotificationsPopover>
  );
}
