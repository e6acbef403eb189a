import { Alert, Card, Skeleton, Tag } from 'antd';
import { useOpsHealthQuery, LIVE_POLL_MS } from '../opsApi';
import { formatWhen, type HealthStatus, statusColor, statusLabel } from '../ops-format';

function StatusTag({ status }: { status: HealthStatus }) {
  return <Tag color={statusColor[status]}>{statusLabel[status]}</Tag>;
}

/** Every service with each engine it checks, and the metrics engine; asked again every few seconds. */
export function HealthPanel() {
  const { data, isLoading, isError } = useOpsHealthQuery(undefined, { pollingInterval: LIVE_POLL_MS, skipPollingIfUnfocused: true });

  if (isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (isError || !data)
    return <Alert type="error" showIcon title="Health could not be loaded" description="It is asked again in a few seconds." />;

  return (
    <>
      <p className="ops-health__overall">
        Overall: <StatusTag status={data.status} /> <span className="muted">checked {formatWhen(data.checkedAt)}</span>
      </p>
      <ul className="ops-health" aria-label="Health of each service">
        {data.services.map((service) => (
          <li key={service.service}>
            <Card variant="borderless" className="ops-health__card" size="small">
              <h3 className="ops-health__name">
                {service.service} <StatusTag status={service.status} />
              </h3>
              {service.detail && <p className="ops-health__detail">{service.detail}</p>}
              <ul className="ops-health__checks" aria-label={`${service.service} checks`}>
                {Object.entries(service.checks).map(([name, check]) => (
                  <li key={name}>
                    <span>{name}</span> <StatusTag status={check.status} />
                    {check.detail && <span className="ops-health__detail">{check.detail}</span>}
                  </li>
                ))}
              </ul>
            </Card>
          </li>
        ))}
        <li>
          <Card variant="borderless" className="ops-health__card" size="small">
            <h3 className="ops-health__name">
              metrics (Prometheus) <StatusTag status={data.prometheus.status} />
            </h3>
            {data.prometheus.detail && <p className="ops-health__detail">{data.prometheus.detail}</p>}
          </Card>
        </li>
      </ul>
    </>
  );
}
