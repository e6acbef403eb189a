import { BulbOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Result, Skeleton, Spin, Tag, Typography } from 'antd';
import { useAppSelector } from '../../../app/hooks';
import { problemOf } from '../../../shared/api/problem-details';
import { selectCurrentUser } from '../../auth/authSlice';
import { isoDate } from '../../habits/local-dates';
import { EmptyPlan } from '../components/EmptyPlan';
import { PlanStatCards } from '../components/PlanStatCards';
import { ProgressCalendar } from '../components/ProgressCalendar';
import { TodaysHabitsCard } from '../components/TodaysHabitsCard';
import { WeekActivities } from '../components/WeekActivities';
import { orderedDays } from '../plan-week';
import { useGetCurrentPlanQuery, useGetStatsOverviewQuery, useRegeneratePlanMutation } from '../planApi';
import '../plan.css';

/** My Plan (spec §2): the week's plan, real progress figures, today's habits and the week's insight. */
export function MyPlanPage() {
  const user = useAppSelector(selectCurrentUser);
  const { notification } = App.useApp();
  const { data: plan, isLoading: planLoading, error: planError, refetch } = useGetCurrentPlanQuery();
  const { data: stats, isLoading: statsLoading } = useGetStatsOverviewQuery();
  const [regenerate, { isLoading: regenerating }] = useRegeneratePlanMutation();
  const today = stats?.today ?? isoDate(new Date());

  const onRegenerate = async (firstPlan: boolean) => {
    const result = await regenerate();
    if (result.error) {
      notification.error({
        message: firstPlan ? 'Failed to generate plan' : 'Failed to regenerate plan',
        description: problemOf(result.error)?.detail ?? 'Please try again later.',
      });
    } else {
      notification.success({
        message: firstPlan ? 'Plan generated!' : 'Plan regenerated!',
        description: 'Your new personalized spiritual plan is ready.',
      });
    }
  };

  const theme = plan?.planData.theme;

  return (
    <main className="page plan-page">
      <title>My Plan · Abide</title>
      <header className="page-header">
        <div className="page-header__text">
          {user?.name ? <p className="page-header__greeting">Welcome, {user.name}</p> : null}
          <Typography.Title level={1} className="page__title">
            Your Weekly Spiritual Plan
          </Typography.Title>
          {theme ? (
            <p className="plan-theme">
              <span className="plan-theme__label">Theme:</span> {theme}
            </p>
          ) : null}
          {plan?.planData.description ? (
            <Typography.Paragraph type="secondary" className="plan-description">
              {plan.planData.description}
            </Typography.Paragraph>
          ) : null}
          {plan && plan.planData.scriptures.length > 0 ? (
            <ul className="plan-scriptures" aria-label="Scriptures for this week">
              {plan.planData.scriptures.map((reference) => (
                <li key={reference}>
                  <Tag bordered={false} className="plan-scriptures__tag">
                    {reference}
                  </Tag>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {plan ? (
          <Button
            icon={<ReloadOutlined aria-hidden />}
            onClick={() => void onRegenerate(false)}
            loading={regenerating}
            className="page-header__action"
          >
            Regenerate Plan
          </Button>
        ) : null}
      </header>

      <PlanStatCards stats={stats} loading={statsLoading} />

      {planLoading ? (
        <div className="preparing" role="status" aria-live="polite">
          <Spin size="large" />
          <Typography.Text type="secondary">Preparing your plan…</Typography.Text>
        </div>
      ) : planError ? (
        <Result
          status="warning"
          title="We couldn't load your plan"
          subTitle={problemOf(planError)?.detail ?? 'Please check your connection and try again.'}
          extra={
            <Button type="primary" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <div className="plan-layout">
          <div className="plan-layout__main">
            {plan ? (
              <WeekActivities days={orderedDays(plan)} today={today} />
            ) : (
              <EmptyPlan onGenerate={() => void onRegenerate(true)} generating={regenerating} />
            )}
          </div>
          <aside className="plan-layout__side" aria-label="Today and this week">
            <TodaysHabitsCard today={today} />
            <Card
              variant="borderless"
              className="side-card insight-card"
              title={
                <h2 className="card-heading">
                  <BulbOutlined aria-hidden className="insight-card__icon" /> This Week's Insight
                </h2>
              }
            >
              {stats ? (
                <p className="insight-card__text">{stats.insight}</p>
              ) : (
                <Skeleton active paragraph={{ rows: 2 }} title={false} />
              )}
            </Card>
            {stats ? <ProgressCalendar stats={stats} /> : null}
          </aside>
        </div>
      )}
    </main>
  );
}
