import { DownOutlined } from '@ant-design/icons';
import type { User } from '@abide/contracts';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../features/auth/hooks/useAuth';
import { usePreloadable } from '../../shared/lazy/preloadable';
import { LiteButton, LiteFitAvatar } from '../../shared/lite/lite-controls';
import { framePopups, preloadFramePopups } from './frame-popups-module';

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => word.charAt(0).toUpperCase()).join('') || '?';
}

/**
 * Spec §2: the avatar menu shows the name (or the e-mail when there is none), the e-mail, Settings and Log out.
 * The trigger is antd-lite; antd's Dropdown (AccountDropdown) loads when the member first points at, focuses or taps
 * it, and a tap that comes before it has arrived opens the menu as soon as it has.
 */
export function AccountMenu({ user }: { user: User }) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const displayName = user.name?.trim() || user.email;
  const [wanted, setWanted] = useState(false);
  const popups = usePreloadable(framePopups, wanted);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  // The trigger is rendered anew inside the Dropdown when it arrives: keep the keyboard focus on it.
  const hadFocus = useRef(false);
  useEffect(() => {
    if (popups && hadFocus.current) trigger.current?.focus();
  }, [popups]);

  const want = () => {
    setWanted(true);
    preloadFramePopups();
  };

  const button = (
    <LiteButton
      ref={trigger}
      type="text"
      className="ant-dropdown-trigger account-trigger"
      aria-label={`Account menu for ${displayName}`}
      onPointerEnter={popups ? undefined : want}
      onFocus={
        popups
          ? undefined
          : () => {
              hadFocus.current = true;
              want();
            }
      }
      onBlur={popups ? undefined : () => (hadFocus.current = false)}
      onClick={
        popups
          ? undefined
          : () => {
              want();
              setOpen(true);
            }
      }
    >
      <LiteFitAvatar size={34} fontWeight={600} className="account-trigger__avatar">
        {initialsOf(displayName)}
      </LiteFitAvatar>
      <span className="account-trigger__name">{displayName}</span>
      <DownOutlined aria-hidden className="account-trigger__caret" />
    </LiteButton>
  );

  if (!popups) return button;
  return (
    <popups.AccountDropdown
      displayName={displayName}
      email={user.email}
      open={open}
      onOpenChange={setOpen}
      onSelect={(key) => {
        setOpen(false);
        if (key === 'settings') navigate('/settings');
        if (key === 'logout') void logout().then(() => navigate('/login', { replace: true }));
      }}
    >
      {button}
    </popups.AccountDropdown>
  );
}
