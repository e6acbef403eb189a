import { canOperate, canReview } from '../../shared/roles';

export interface NavItem {
  label: string;
  to: string;
  /** Icon key, resolved to an icon by the frame. */
  icon: 'home' | 'plan' | 'habits' | 'journal' | 'library' | 'upload' | 'groups' | 'review' | 'ops';
}

/** The seven links of the frame, in order. */
export const primaryNavItems: readonly NavItem[] = [
  { label: 'Home', to: '/', icon: 'home' },
  { label: 'My Plan', to: '/plan', icon: 'plan' },
  { label: 'Habits', to: '/habits', icon: 'habits' },
  { label: 'Journal', to: '/journal', icon: 'journal' },
  { label: 'Library', to: '/library', icon: 'library' },
  { label: 'Upload', to: '/upload', icon: 'upload' },
  { label: 'Groups', to: '/groups', icon: 'groups' },
];

/** The phone's bottom bar shows the first five links. */
export const BOTTOM_BAR_LINKS = 5;

const reviewQueue: NavItem = { label: 'Review Queue', to: '/moderation', icon: 'review' };
const operations: NavItem = { label: 'Operations', to: '/ops', icon: 'ops' };

/** The full navigation for a user: the seven links, the Review Queue for moderators and admins, Operations for admins. */
export function navItemsFor(roles: readonly string[] | undefined): NavItem[] {
  return [...primaryNavItems, ...(canReview(roles) ? [reviewQueue] : []), ...(canOperate(roles) ? [operations] : [])];
}

export function bottomBarItems(): NavItem[] {
  return primaryNavItems.slice(0, BOTTOM_BAR_LINKS);
}
