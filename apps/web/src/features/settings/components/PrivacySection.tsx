import { Card, Skeleton } from 'antd';
import { MembershipSharingSwitch, NO_MEMBERSHIPS_YET, useSharingMineQuery } from '../../sharing';

/** Each group and church the member belongs to, with its own sharing switch (#26): off until they turn it on. */
export function PrivacySection() {
  const mine = useSharingMineQuery(undefined, { refetchOnMountOrArgChange: true });
  const memberships = [
    ...(mine.data?.groups ?? []).map((g) => ({ kind: 'group' as const, ...g })),
    ...(mine.data?.churches ?? []).map((c) => ({ kind: 'church' as const, ...c })),
  ];

  return (
    <Card title={<h2 className="card-heading">Privacy</h2>} variant="borderless" className="settings-card">
      <p className="setting-row__help privacy-intro">Choose for each group and church whether its leaders see your progress.</p>
      {mine.isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : mine.isError ? (
        <p role="alert">Your groups and churches could not be loaded. Please reload the page.</p>
      ) : memberships.length === 0 ? (
        <p className="setting-row__help">{NO_MEMBERSHIPS_YET}</p>
      ) : (
        memberships.map((m) => <MembershipSharingSwitch key={`${m.kind}:${m.id}`} {...m} />)
      )}
    </Card>
  );
}
