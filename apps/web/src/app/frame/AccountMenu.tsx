import { DownOutlined, LogoutOutlined, SettingOutlined } from '@ant-design/icons';
import type { User } from '@abide/contracts';
import { Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../features/auth/hooks/useAuth';

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => word.charAt(0).toUpperCase()).join('') || '?';
}

/** Spec §2: the avatar menu shows the name (or the e-mail when there is none), the e-mail, Settings and Log out. */
export function AccountMenu({ user }: { user: User }) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const displayName = user.name?.trim() || user.email;

  const items: MenuProps['items'] = [
    {
      key: 'who',
      type: 'group',
      label: (
        <span className="account-menu__who">
          <span className="account-menu__name">{displayName}</span>
          <span className="account-menu__email">{user.email}</span>
        </span>
      ),
    },
    { type: 'divider' },
    { key: 'settings', icon: <SettingOutlined aria-hidden />, label: 'Settings' },
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: 'Log out' },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'settings') navigate('/settings');
    if (key === 'logout') {
      void logout().then(() => navigate('/login', { replace: true }));
    }
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" className="account-trigger" aria-label={`Account menu for ${displayName}`}>
        <Avatar size={34} className="account-trigger__avatar">
          {initialsOf(displayName)}
        </Avatar>
        <span className="account-trigger__name">{displayName}</span>
        <DownOutlined aria-hidden className="account-trigger__caret" />
      </Button>
    </Dropdown>
  );
}
