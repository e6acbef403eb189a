import { Button, Result, Spin, Typography } from 'antd';
import { useAppSelector } from '../../../app/hooks';
import { httpStatusOf, problemOf } from '../../../shared/api/problem-details';
import { selectCurrentUser } from '../../auth/authSlice';
import { FormationProfileCard } from '../components/FormationProfileCard';
import { useGetFormationProfileQuery } from '../formationApi';

/** My Plan. For now: the greeting and the formation profile that proves the sign-up reached formation. */
export function PlanPage() {
  const user = useAppSelector(selectCurrentUser);
  const { data: profile, error, isFetching, refetch } = useGetFormationProfileQuery();

  return (
    <main className="page page--narrow">
      <title>My Plan · Abide</title>
      <Typography.Title level={1} className="page__title">
        Welcome, {user?.name}
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="page__lead">
        Your weekly plan will live here. Let's start with your profile.
      </Typography.Paragraph>

      {isFetching && !profile ? (
        <div className="preparing" role="status" aria-live="polite">
          <Spin size="large" />
          <Typography.Text type="secondary">Preparing your space…</Typography.Text>
        </div>
      ) : profile ? (
        <FormationProfileCard profile={profile} />
      ) : error ? (
        <Result
          status="warning"
          title="We couldn't load your formation profile"
          subTitle={
            problemOf(error)?.detail ??
            (httpStatusOf(error) === 404
              ? 'Your space is taking longer than usual to prepare.'
              : 'Please check your connection and try again.')
          }
          extra={
            <Button type="primary" onClick={() => void refetch()}>
              Try again
            </Button>
          }
        />
      ) : null}
    </main>
  );
}
