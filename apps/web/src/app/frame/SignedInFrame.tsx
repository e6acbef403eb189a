import { MenuOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { selectOfflineSession } from '../../shared/session/authSlice';
import { useAuth } from '../../features/auth';
import { useAppSelector } from '../../shared/store/hooks';
import { useLiveUpdates } from '../../features/live';
import { useActiveChurch, ChurchBadge, churchFrameStyle } from '../../features/churches';
import { NotificationBell } from './NotificationBell';
import { BrandMark } from '../../shared/components/BrandMark';
import { usePreloadable } from '../../shared/lazy/preloadable';
import { AntdTheme } from './AntdShell';
import { canReview } from '../../shared/roles';
import { bottomBarItems, navItemsFor, type NavItem } from './navigation';
import { AccountMenu } from './AccountMenu';
import { framePopups, preloadFramePopups } from './frame-popups-module';
import { NavIcon } from './NavIcon';
import { OfflineBanner } from './OfflineBanner';
import { SkipLink } from './SkipLink';
import { PendingWritesBadge, SyncProblems } from './SyncStatus';
import { useCollapseWhenFull } from './useCollapseWhenFull';

const linkClass =
  (base: string) =>
  ({ isActive }: { isActive: boolean }) =>
    isActive ? `${base} ${base}--active` : base;

function NavLinks({ items, className, onNavigate }: { items: NavItem[]; className: string; onNavigate?: () => void }) {
  return items.map((item) => (
    <NavLink key={item.to} to={item.to} end={item.to === '/'} className={linkClass(className)} onClick={onNavigate}>
      <NavIcon icon={item.icon} />
      <span>{item.label}</span>
    </NavLink>
  ));
}

/**
 * The signed-in frame: sticky header, seven links, bell, avatar menu; on phones a side menu and a bottom bar. A
 * member of a church sees its logo, name and colour here (docs/churches.md).
 * The frame is antd in the app's theme; the side menu (antd's Drawer) loads with the first tap of the menu button, as
 * the bell's popover and the avatar menu do with theirs.
 */
export function SignedInFrame() {
  const { user } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const popups = usePreloadable(framePopups, menuOpen);
  const items = navItemsFor(user?.roles);
  // Opened offline there is no token to open the stream with: it starts once the real session is back.
  const offline = useAppSelector(selectOfflineSession);
  useLiveUpdates(offline ? undefined : user?.id);
  // A member of a church sees its logo and colour in the frame (the active one, for a member of several).
  const { active } = useActiveChurch();
  // Before the links would push the bell and the avatar off the bar, they move into the side menu.
  const { ref: barRef, collapsed } = useCollapseWhenFull<HTMLDivElement>();
  const barClass = ['frame__bar', canReview(user?.roles) ? 'frame__bar--reviewer' : '', collapsed ? 'frame__bar--collapsed' : '']
    .filter(Boolean)
    .join(' ');

  return (
    <AntdTheme>
      <div
        className={active ? 'frame frame--signed-in frame--church' : 'frame frame--signed-in'}
        style={churchFrameStyle(active?.primaryColor)}
      >
        <SkipLink />
        <header className="frame__header frame__header--sticky">
          <div ref={barRef} className={barClass}>
            <div className="frame__start">
              <Button
                type="text"
                size="large"
                className="frame__menu-button frame__icon-button"
                data-fold-only
                icon={<MenuOutlined aria-hidden className="frame__icon" />}
                aria-label="Open menu"
                aria-expanded={menuOpen}
                aria-controls="side-menu"
                onPointerEnter={preloadFramePopups}
                onClick={() => setMenuOpen(true)}
              />
              <BrandMark to="/plan" />
              {active ? <ChurchBadge church={active} /> : null}
            </div>
            <nav className="frame__nav" aria-label="Main">
              <NavLinks items={items} className="nav-link" />
            </nav>
            <div className="frame__account">
              <NotificationBell />
              {user && <AccountMenu user={user} />}
            </div>
          </div>
        </header>
        <OfflineBanner>
          <PendingWritesBadge />
        </OfflineBanner>
        <SyncProblems />

        {popups ? (
          <popups.SideMenuDrawer open={menuOpen} onClose={() => setMenuOpen(false)}>
            <nav aria-label="Side menu" className="side-menu__nav">
              <NavLinks items={items} className="side-link" onNavigate={() => setMenuOpen(false)} />
            </nav>
          </popups.SideMenuDrawer>
        ) : null}

        <div id="content" tabIndex={-1} className="frame__content">
          <Outlet />
        </div>

        <nav className="bottom-bar" aria-label="Quick links">
          <NavLinks items={bottomBarItems()} className="bottom-link" />
        </nav>
      </div>
    </AntdTheme>
  );
}
