import { LogoutOutlined, SettingOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import type { ReactElement } from 'react';
import { AntdTheme } from '../AntdShell';

/** The avatar menu's popup (antd's Dropdown) around the trigger AccountMenu renders; loaded on first use. */
export function AccountDropdown({
  displayName,
  email,
  open,
  onOpenChange,
  onSelect,
  children,
}: {
  displayName: string;
  email: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (key: 'settings' | 'logout') => void;
  children: ReactElement;
}) {
  const items: MenuProps['items'] = [
    {
      key: 'who',
      type: 'group',
      label: (
        <span className="account-menu__who">
          <span className="account-menu__name">{displayName}</span>
          <span className="account-menu__email">{email}</span>
        </span>
      ),
    },
    { type: 'divider' },
    { key: 'settings', icon: <SettingOutlined aria-hidden />, label: 'Settings' },
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: 'Log out' },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'settings' || key === 'logout') onSelect(key);
  };
  return (
    <AntdTheme>
      <Dropdown
        menu={{ items, onClick }}
        trigger={['click']}
        placement="bottomRight"
        open={open}
        onOpenChange={(next) => onOpenChange(next)}
      >
        {children}
      </Dropdown>
    </AntdTheme>
  );
}
