import { Typography } from 'antd';
import { canOperate } from '../../../shared/roles';
import { NotAllowedPage } from '../../../shared/components/NotAllowedPage';
import { TwoFactorNeededPage } from '../../../shared/components/TwoFactorNeededPage';
import { useAuth } from '../../auth';
import { DeadLettersTable } from '../components/DeadLettersTable';
import { FailedJobsTable } from '../components/FailedJobsTable';
import { HealthPanel } from '../components/HealthPanel';
import { MetricsSection } from '../components/MetricsSection';
import { OpsLinks } from '../components/OpsLinks';
import '../ops.css';

function Section({ id, title, lead, children }: { id: string; title: string; lead: string; children: React.ReactNode }) {
  return (
    <section className="ops-section" aria-labelledby={id}>
      <h2 id={id} className="ops-section__title">
        {title}
      </h2>
      <p className="ops-section__lead">{lead}</p>
      {children}
    </section>
  );
}

/**
 * Operations (issue 14): admins only. Live charts from Prometheus, the health of every service and engine, failed
 * jobs with Retry, dead letters with Replay, and where the API docs and load reports are. The API checks the admin
 * role on every call; this page only spares others a wall of 403s.
 */
export function OpsPage() {
  const { user, session } = useAuth();

  if (!canOperate(user?.roles)) {
    return (
      <NotAllowedPage
        className="ops-page"
        documentTitle="Operations · Abide"
        title="You are not allowed to see operations"
        subTitle="The Operations page is for administrators."
        back={{ to: '/plan', label: 'Go to My Plan' }}
      />
    );
  }
  if (session?.aal !== 'aal2') return <TwoFactorNeededPage className="ops-page" documentTitle="Operations · Abide" />;

  return (
    <main className="page ops-page">
      <title>Operations · Abide</title>
      <header className="page-header">
        <div className="page-header__text">
          <Typography.Title level={1} className="page__title">
            Operations
          </Typography.Title>
          <p className="page-header__lead">How the services are doing right now, and what needs a hand.</p>
        </div>
      </header>
      <Section id="ops-metrics" title="Live figures" lead="The last 15 minutes from Prometheus, refreshed every 5 seconds.">
        <MetricsSection />
      </Section>
      <Section id="ops-health" title="Health" lead="Each service and the engines it depends on.">
        <HealthPanel />
      </Section>
      <Section id="ops-failed-jobs" title="Failed jobs" lead="Background jobs that gave up, with their error. Retry runs one again.">
        <FailedJobsTable />
      </Section>
      <Section
        id="ops-dead-letters"
        title="Dead letters"
        lead="Events a consumer could not handle, with the reason. Replay sends one to its topic again, once."
      >
        <DeadLettersTable />
      </Section>
      <Section id="ops-links" title="Documentation and reports" lead="Where to read further.">
        <OpsLinks />
      </Section>
    </main>
  );
}
