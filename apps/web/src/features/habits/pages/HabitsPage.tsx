import { CoffeeOutlined, PlusOutlined } from '@ant-design/icons';
import type { Habit } from '@abide/contracts';
import { Button, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { OfflineMark } from '../../../shared/offline/OfflineMark';
import { useIsPendingAbout } from '../../../shared/offline/write-queue-hooks';
import { statsEndpoints } from '../../../shared/api/generated/endpoints/stats';
import { AnalyticsTab } from '../components/AnalyticsTab';
import { CheckInTab } from '../components/CheckInTab';
import { HabitFormModal } from '../components/HabitFormModal';
import { HabitStatCards } from '../components/HabitStatCards';
import { OverviewTab } from '../components/OverviewTab';
import { RestDaysModal } from '../components/RestDaysModal';
import { dayCounts } from '../day-counts';
import { useHabitsListQuery } from '../habitsApi';
import { isoDate } from '../local-dates';
import '../habits.css';

/** The reads this page shows (for its offline mark). */
const HABITS_READS = ['statsOverview', 'habitsList', 'habitsEntries', 'habitsAnalytics'];

/** Habits (issue 4): Add Habit, four real stat cards, Check-in, Overview and Analytics tabs. */
export function HabitsPage() {
  const { data: stats } = statsEndpoints.useStatsOverviewQuery();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Habit | null>(null);
  const [restOpen, setRestOpen] = useState(false);
  const today = stats?.today ?? isoDate(new Date());
  // The same read as the check-in tab's list of today (one request), pending check-ins included.
  const { data: todaysHabits } = useHabitsListQuery(today, { skip: !stats });
  const checkInsWaiting = useIsPendingAbout('habit:');

  const openNew = () => {
    setEditing(null);
    setFormOpen(true);
  };
  const openEdit = (habit: Habit) => {
    setEditing(habit);
    setFormOpen(true);
  };

  return (
    <main className="page habits-page">
      <title>Habits · Abide</title>
      <header className="page-header">
        <div className="page-header__text">
          <Typography.Title level={1} className="page__title">
            Spiritual Habits
          </Typography.Title>
          <p className="page-header__lead">Small, faithful rhythms that keep you close to Jesus.</p>
          <OfflineMark endpoints={HABITS_READS} />
        </div>
        <div className="page-header__actions">
          <Button icon={<CoffeeOutlined aria-hidden />} onClick={() => setRestOpen(true)}>
            Rest days
          </Button>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={openNew}>
            Add Habit
          </Button>
        </div>
      </header>

      <HabitStatCards stats={stats} today={todaysHabits ? dayCounts(todaysHabits) : undefined} waiting={checkInsWaiting} />

      <Tabs
        className="habits-tabs"
        defaultActiveKey="today"
        items={[
          { key: 'today', label: "Today's Check-in", children: <CheckInTab today={today} key={today} /> },
          { key: 'overview', label: 'Overview', children: <OverviewTab today={today} onEdit={openEdit} /> },
          { key: 'analytics', label: 'Analytics', children: <AnalyticsTab /> },
        ]}
      />

      <HabitFormModal open={formOpen} habit={editing} onClose={() => setFormOpen(false)} />
      {restOpen ? <RestDaysModal onClose={() => setRestOpen(false)} /> : null}
    </main>
  );
}
