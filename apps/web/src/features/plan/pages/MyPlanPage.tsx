import { BulbOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Skeleton, Spin } from 'antd';
import { useToasts } from '../../../shared/toasts/toasts';
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { useAppSelector } from '../../../shared/store/hooks';
import { problemOf } from '../../../shared/api/problem-details';
import { OfflineMark } from '../../../shared/offline/OfflineMark';
import { selectCurrentUser } from '../../../shared/session/authSlice';
import { formatLongDate, isoDate } from '../../habits';
import { ScriptureChoices } from '../../scripture';
import { EmptyPlan } from '../components/EmptyPlan';
import { PlanStatCards } from '../components/PlanStatCards';
import { ProgressCalendar } from '../components/ProgressCalendar';
import { TodaysHabitsCard } from '../components/TodaysHabitsCard';
import { WeekActivities } from '../components/WeekActivities';
import { orderedDays, regenerateWarning } from '../plan-week';
import type { SpiritualPlanDto } from '../../../shared/api/generated/abideApi';
import { statsEndpoints } from '../../../shared/api/generated/endpoints/stats';
import { useCurrentPlanQuery, usePlansRegenerateMutation, usePlansUndoRegenerationMutation } from '../planApi';
import '../plan.css';

/**
 * How long the page shows only its title while the plan and the figures load. They usually arrive well within it
 * (index.html asks for them early), and the page then appears whole, instead of showing placeholders that the plan's
 * header pushes down as it arrives (a layout shift); a slower load (the first plan being made) shows them after it.
 */
const PLACEHOLDER_DELAY_MS = 500;

/** Only a failed load shows antd's Result: it loads then. */
const PlanLoadError = lazy(() => import('../components/PlanLoadError'));

/** The reads this page shows (for its offline mark). */
const PLAN_READS = ['currentPlan', 'statsOverview', 'habitsList'];

/**
 * My Plan: the week's plan, real progress figures, today's habits and the week's insight. A member's
 * first page after signing in: antd in zero-runtime mode (static styles, shared/theme/theme.ts), so it renders without
 * writing styles in the browser.
 */
export function MyPlanPage() {
  const user = useAppSelector(selectCurrentUser);
  const { notification, modal } = useToasts();
  const planQuery = useCurrentPlanQuery();
  // The week's figures, from the generated client (HabitsPage reads them too), refreshed by the writes that change them.
  const statsQuery = statsEndpoints.useStatsOverviewQuery();
  const { error: planError, refetch } = planQuery;
  // The page's first render with its data is its largest: React renders it in the background, in short slices, so
  // the main thread stays free while it appears (Total Blocking Time). Later changes (a check-off) render at once.
  // The data is often there before the page mounts (index.html asked for it early): the initial `false` defers that
  // first render too, which a plain useDeferredValue would do at once, in one piece.
  const planReady = useDeferredValue(planQuery.data !== undefined, false);
  const statsReady = useDeferredValue(statsQuery.data !== undefined, false);
  const plan = planReady ? planQuery.data : undefined;
  const stats = statsReady ? statsQuery.data : undefined;
  const planLoading = planQuery.isLoading || (planQuery.data !== undefined && !planReady);
  const statsLoading = statsQuery.isLoading || (statsQuery.data !== undefined && !statsReady);
  const [regenerate, { isLoading: regenerating }] = usePlansRegenerateMutation();
  const [undoRegeneration, { isLoading: undoing }] = usePlansUndoRegenerationMutation();
  // 'Undo' is offered while the server would accept it, as the plan says: after a reload or on another device too.
  const undo = plan?.regenerationUndo ?? null;
  const today = stats?.today ?? isoDate(new Date());

  const onRegenerate = async (firstPlan: boolean) => {
    const result = await regenerate();
    if (result.error) {
      notification.error({
        title: firstPlan ? 'Failed to generate plan' : 'Failed to regenerate plan',
        description: problemOf(result.error)?.detail ?? 'Please try again later.',
      });
    } else {
      const kept = result.data.planData.dailyActivities.flatMap((day) => day.activities).filter((a) => a.completed).length;
      notification.success({
        title: firstPlan ? 'Plan generated!' : 'Plan regenerated!',
        description: `Your new personalized spiritual plan is ready.${kept > 0 ? ` Your ${kept} completed ${kept === 1 ? 'activity stays' : 'activities stay'} checked off.` : ''}`,
      });
    }
  };

  const onUndo = async () => {
    const result = await undoRegeneration();
    if (result.error) {
      notification.error({ title: 'Could not undo', description: problemOf(result.error)?.detail ?? 'Please try again later.' });
    } else {
      notification.success({
        title: 'Your previous plan is back.',
        description: `This week's theme is “${result.data.planData.theme}” again.`,
      });
    }
  };

  // Regenerating replaces the theme and what is not done yet: the member is told so, and says yes, first.
  const confirmRegenerate = (current: SpiritualPlanDto) => {
    const { lost, kept } = regenerateWarning(current);
    modal.confirm({
      title: 'Regenerate your plan?',
      content: (
        <div className="regenerate-warning" data-testid="regenerate-warning">
          <p>{lost}</p>
          <p>{kept}</p>
        </div>
      ),
      okText: 'Regenerate',
      cancelText: 'Keep my plan',
      onOk: () => onRegenerate(false),
    });
  };

  const theme = plan?.planData.theme;
  const [patient, setPatient] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setPatient(false), PLACEHOLDER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  // Data that has arrived and is being rendered in the background is about to appear: the page keeps waiting for it
  // past the delay (on a busy phone that render can take longer), rather than showing placeholders it would push
  // down a moment later. Once anything has been shown, nothing is hidden again.
  const rendering = (planQuery.data !== undefined && !planReady) || (statsQuery.data !== undefined && !statsReady);
  const [shown, setShown] = useState(false);
  const holding = !shown && (planLoading || statsLoading) && (patient || rendering);
  if (!holding && !shown) setShown(true);

  return (
    <main className="page plan-page">
      <title>My Plan · Abide</title>
      <header className="page-header">
        <div className="page-header__text">
          {user?.name ? <p className="page-header__greeting">Welcome, {user.name}</p> : null}
          <h1 className="page__title">Your Weekly Spiritual Plan</h1>
          <OfflineMark endpoints={PLAN_READS} />
          {plan?.curriculum ? (
            <p className="plan-curriculum" data-testid="plan-curriculum">
              Week {plan.curriculum.week} of {plan.curriculum.weeks} of <strong>{plan.curriculum.title}</strong>, from{' '}
              {plan.curriculum.groupName ?? plan.curriculum.churchName}
            </p>
          ) : null}
          {theme ? (
            <p className="plan-theme">
              <span className="plan-theme__label">Theme:</span> {theme}
            </p>
          ) : null}
          {plan?.planData.description ? <p className="plan-description">{plan.planData.description}</p> : null}
          {plan && plan.planData.scriptures.length > 0 ? (
            <ScriptureChoices references={plan.planData.scriptures} label="Scriptures for this week" />
          ) : null}
        </div>
        {plan ? (
          <Button
            icon={<ReloadOutlined aria-hidden />}
            onClick={() => confirmRegenerate(plan)}
            loading={regenerating}
            className="page-header__action"
          >
            Regenerate Plan
          </Button>
        ) : null}
      </header>

      {undo ? (
        <div className="plan-undo" role="status">
          <p className="plan-undo__text">
            Your plan was regenerated: “{undo.replacedTheme}” and its activities you had not done were replaced. You can undo this until the
            end of {formatLongDate(undo.availableUntil)}, unless your plan changes before.
          </p>
          <Button onClick={() => void onUndo()} loading={undoing}>
            Undo
          </Button>
        </div>
      ) : null}

      {holding ? null : <PlanStatCards stats={stats} loading={statsLoading} />}

      {holding ? null : planLoading ? (
        <div className="preparing" role="status" aria-live="polite">
          <Spin size="large" />
          <span className="preparing__text">Preparing your plan…</span>
        </div>
      ) : planError ? (
        <Suspense fallback={null}>
          <PlanLoadError
            detail={problemOf(planError)?.detail ?? 'Please check your connection and try again.'}
            onRetry={() => void refetch()}
          />
        </Suspense>
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
              {stats ? <p className="insight-card__text">{stats.insight}</p> : <Skeleton active paragraph={{ rows: 2 }} title={false} />}
            </Card>
            {stats ? <ProgressCalendar stats={stats} /> : null}
          </aside>
        </div>
      )}
    </main>
  );
}
