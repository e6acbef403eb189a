import { Drawer } from 'antd';
import type { ReactNode } from 'react';

/** The phone's side menu (antd's Drawer), loaded with the first tap of the menu button. */
export function SideMenuDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <Drawer id="side-menu" title="Menu" placement="left" size={280} open={open} onClose={onClose} className="side-menu">
      {children}
    </Drawer>
  );
}
