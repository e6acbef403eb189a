import { BankOutlined, CheckOutlined, LogoutOutlined, SettingOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import type { ReactElement } from 'react';

export type AccountMenuKey = 'settings' | 'logout' | 'churches' | `church:${string}`;

/**
 * The avatar menu's popup (antd's Dropdown) around the trigger AccountMenu renders; loaded on first use. A member of
 * several churches switches the one the app shows here.
 */
export function AccountDropdown({
  displayName,
  email,
  churches,
  activeChurchId,
  open,
  onOpenChange,
  onSelect,
  children,
}: {
  displayName: string;
  email: string;
  churches: ReadonlyArray<{ id: string; name: string }>;
  activeChurchId: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (key: AccountMenuKey) => void;
  children: ReactElement;
}) {
  const switcher: MenuProps['items'] =
    churches.length > 1
      ? [
          { type: 'divider' },
          {
            key: 'switch',
            type: 'group',
            label: 'Show church',
            children: churches.map((church) => ({
              key: `church:${church.id}`,
              icon: church.id === activeChurchId ? <CheckOutlined aria-hidden /> : <span className="account-menu__blank" aria-hidden />,
              label: church.id === activeChurchId ? `${church.name} (shown)` : church.name,
            })),
          },
        ]
      : [];
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
    ...switcher,
    { type: 'divider' },
    { key: 'churches', icon: <BankOutlined aria-hidden />, label: 'Churches' },
    { key: 'settings', icon: <SettingOutlined aria-hidden />, label: 'Settings' },
    { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: 'Log out' },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'settings' || key === 'logout' || key === 'churches' || key.startsWith('church:')) onSelect(key as AccountMenuKey);
  };
  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight" open={open} onOpenChange={(next) => onOpenChange(next)}>
      {children}
    </Dropdown>
  );
}
