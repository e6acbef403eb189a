import { CalendarOutlined, LineChartOutlined, TeamOutlined } from '@ant-design/icons';
import type { Highlight } from '../brand';

const icons: Record<Highlight, typeof CalendarOutlined> = {
  'Personalized Plans': CalendarOutlined,
  'Track Progress': LineChartOutlined,
  'Join Community': TeamOutlined,
};

export function HighlightIcon({ highlight }: { highlight: Highlight }) {
  const Icon = icons[highlight];
  return <Icon aria-hidden />;
}
