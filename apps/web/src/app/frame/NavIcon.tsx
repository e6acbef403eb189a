import {
  AuditOutlined,
  BookOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  CloudUploadOutlined,
  DashboardOutlined,
  EditOutlined,
  HomeOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { NavItem } from './navigation';

const icons: Record<NavItem['icon'], typeof HomeOutlined> = {
  home: HomeOutlined,
  plan: CalendarOutlined,
  habits: CheckSquareOutlined,
  journal: EditOutlined,
  library: BookOutlined,
  upload: CloudUploadOutlined,
  groups: TeamOutlined,
  review: AuditOutlined,
  ops: DashboardOutlined,
};

export function NavIcon({ icon }: { icon: NavItem['icon'] }) {
  const Icon = icons[icon];
  return <Icon aria-hidden />;
}
