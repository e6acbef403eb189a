import { ArrowLeftOutlined } from '@ant-design/icons';
import { Result, Skeleton, Typography } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { httpStatusOf } from '../../../shared/api/problem-details';
import { NotAllowedPage } from '../../../shared/components/NotAllowedPage';
import { CurriculumProgress } from '../../curricula';
import { useChurchDashboardFiguresQuery } from '../churchDashboardApi';
import { weekLabel } from '../church-dashboard-format';
import { ChurchFigureCards } from '../components/dashboard/ChurchFigureCards';
import { ChurchTrendCharts } from '../components/dashboard/ChurchTrendCharts';
import { DashboardDownloads } from '../components/dashboard/DashboardDownloads';
import { GroupHealthTable } from '../components/dashboard/GroupHealthTable';
import '../church-dashboard.css';

/**
 * `/churches/{id}/dashboard`: the pastor's dashboard (docs/churches.md), for the church's admins. Consented figures
 * only: members who do not share their progress are counted as members and nowhere else. The server refuses
 * everyone else, and so does this page.
 */
export function ChurchDashboardPage() {
  const { churchId = '' } = useParams();
  const { data: dashboard, error, isLoading } = useChurchDashboardFiguresQuery(churchId, { refetchOnMountOrArgChange: true });

  if (isLoading) {
    return (
      <main className="page church-dashboard">
        <Skeleton active paragraph={{ rows: 8 }} />
      </main>
    );
  }
  const status = httpStatusOf(error);
  if (status === 403) {
    return (
      <NotAllowedPage
        className="church-dashboard"
        documentTitle="Pastor’s dashboard · Abide"
        title="The pastor’s dashboard is for the church’s admins"
        subTitle="Only the church’s admins can see its figures."
        back={{ to: '/churches', label: 'Back to churches' }}
      />
    );
  }
  if (!dashboard) {
    return (
      <main className="page church-dashboard">
        <title>Pastor’s dashboard · Abide</title>
        <Result
          status={status === 404 ? '404' : 'warning'}
          title={status === 404 ? 'This church was not found' : 'The dashboard could not be loaded'}
          subTitle={status === 404 ? 'It may have been closed, or the link is wrong.' : 'Please check your connection and try again.'}
          extra={<Link to="/churches">Back to churches</Link>}
        />
      </main>
    );
  }

  const { church } = dashboard;
  return (
    <main className="page church-dashboard">
      <title>{`Pastor’s dashboard · ${church.name} · Abide`}</title>
      <Link to={`/c/${church.slug}`} className="back-link">
        <ArrowLeftOutlined aria-hidden /> {church.name}
      </Link>
      <header className="page-header">
        <div className="page-header__text">
          <Typography.Title level={1} className="page__title">
            Pastor’s dashboard
          </Typography.Title>
          <p className="page-header__lead">
            {church.name} · week of {weekLabel(dashboard.weekStart)} · figures of members who share their progress
          </p>
        </div>
        <DashboardDownloads churchId={church.id} />
      </header>

      <ChurchFigureCards dashboard={dashboard} />
      <ChurchTrendCharts dashboard={dashboard} />
      <GroupHealthTable dashboard={dashboard} />

      <section className="church-dashboard__curriculum" aria-label="Curriculum progress">
        <CurriculumProgress churchId={church.id} />
      </section>
    </main>
  );
}
