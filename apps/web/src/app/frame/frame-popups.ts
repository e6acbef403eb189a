/**
 * The antd parts of the signed-in frame, which only an interaction needs: the phone's side menu, the avatar menu and
 * the notifications popover. One chunk, loaded when the member first reaches for one of them (frame-popups-module.ts).
 */
export { SideMenuDrawer } from './SideMenuDrawer';
export { AccountDropdown } from './AccountDropdown';
export { NotificationsPopover } from './NotificationsPopover';
