import { DownOutlined } from '@ant-design/icons';
// Avatar's own module: antd's index hangs Avatar.Group on it, and the group brings Popover and Tooltip to every page.
import Avatar from 'antd/es/avatar/Avatar';
import { Button } from 'antd';
import type { User } from '@abide/contracts';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../features/auth';
import { chooseActiveChurch, useActiveChurch } from '../../features/churches';
import { confirmSignOut } from '../../shared/offline/confirm-sign-out';
import { usePendingCount } from '../../shared/offline/write-queue-hooks';
import { useFramePopupTrigger } from './useFramePopupTrigger';

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => word.charAt(0).toUpperCase()).join('') || '?';
}

/**
 * The avatar menu shows the name (or the e-mail when there is none), the e-mail, the church switcher (for a member of
 * several churches), Churches, Settings and Log out.
 * antd's Dropdown (AccountDropdown) loads when the member first points at, focuses or taps the trigger, and a tap that comes before it has arrived opens the menu as soon as it has.
 */
export function AccountMenu({ user }: { user: User }) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const displayName = user.name?.trim() || user.email;
  const initials = initialsOf(displayName);
  const { popups, open, setOpen, trigger, triggerProps } = useFramePopupTrigger();
  const { churches, active } = useActiveChurch();
  const unsent = usePendingCount();

  const button = (
    <Button
      ref={trigger}
      type="text"
      className="ant-dropdown-trigger account-trigger"
      // The name holds what the button shows, initials and name, in that order, so a person using voice control can
      // say what they see (WCAG 2.5.3 Label in Name); the phone shows the initials alone. The space between them
      // keeps them two words in the button's text (the flex layout draws none).
      aria-label={`Account menu: ${initials} ${displayName}`}
      {...triggerProps}
    >
      <Avatar size={34} className="account-trigger__avatar">
        {initials}
      </Avatar>{' '}
      <span className="account-trigger__name">{displayName}</span>
      <DownOutlined aria-hidden className="account-trigger__caret" />
    </Button>
  );

  if (!popups) return button;
  return (
    <popups.AccountDropdown
      displayName={displayName}
      email={user.email}
      churches={churches}
      activeChurchId={active?.id ?? null}
      open={open}
      onOpenChange={setOpen}
      onSelect={(key) => {
        setOpen(false);
        if (key === 'settings') navigate('/settings');
        if (key === 'churches') navigate('/churches');
        if (key.startsWith('church:')) chooseActiveChurch(user.id, key.slice('church:'.length));
        if (key === 'logout')
          void confirmSignOut(unsent).then(async (go) => {
            if (!go) return;
            await logout();
            navigate('/login', { replace: true });
          });
      }}
    >
      {button}
    </popups.AccountDropdown>
  );
}
