import type { ReviewItem } from '@abide/contracts';
import { Alert, Button, Card, Empty, Skeleton, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { canReview } from '../../../shared/roles';
import { NotAllowedPage } from '../../../shared/components/NotAllowedPage';
import { TwoFactorNeededPage } from '../../../shared/components/TwoFactorNeededPage';
import { useAuth } from '../../auth';
import { FileTypeIcon } from '../../library';
import { AuditTrail } from '../components/AuditTrail';
import { RejectModal } from '../components/RejectModal';
import { ReviewPreview } from '../components/ReviewPreview';
import { useModerationQueueQuery } from '../moderationApi';
import { causeLabel, formatWhen, oldestFirst, selectedItem } from '../review-queue';
import '../moderation.css';

function QueueCounts({ counts }: { counts: { pending: number; reported: number; reviewedToday: number } }) {
  const rows = [
    { label: 'Waiting for review', value: counts.pending },
    { label: 'Sent back by reports', value: counts.reported },
    { label: 'Reviewed today', value: counts.reviewedToday },
  ];
  return (
    <div className="stat-grid stat-grid--3 review-counts">
      {rows.map((row) => (
        <Card key={row.label} variant="borderless" className="stat-card">
          <p className="stat-card__title">{row.label}</p>
          <p className="review-counts__value">{row.value}</p>
        </Card>
      ))}
    </div>
  );
}

function Queue() {
  const { data, isLoading, isError, refetch } = useModerationQueueQuery();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<ReviewItem | null>(null);

  if (isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (isError || !data)
    return (
      <Alert
        type="error"
        showIcon
        title="The review queue could not be loaded"
        description="Please try again."
        action={<Button onClick={() => void refetch()}>Try again</Button>}
      />
    );

  const items = oldestFirst(data.items);
  const current = selectedItem(items, chosenId);

  return (
    <>
      <QueueCounts counts={data.counts} />
      {items.length === 0 ? (
        <Empty description="Nothing is waiting for review. Thank you for keeping the library safe." />
      ) : (
        <div className="review-layout">
          <ol className="review-list" aria-label="Review queue">
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className={`review-list__item${item.id === current?.id ? ' review-list__item--active' : ''}`}
                  aria-current={item.id === current?.id ? 'true' : undefined}
                  onClick={() => setChosenId(item.id)}
                >
                  <FileTypeIcon type={item.fileType} />
                  <span className="review-list__text">
                    <span className="review-list__title">{item.title}</span>
                    <span className="review-list__meta">
                      {item.ownerName ?? 'A member'} · {formatWhen(item.queuedAt)}
                    </span>
                  </span>
                  <Tag color={item.cause === 'reports' ? 'volcano' : 'blue'}>{causeLabel(item)}</Tag>
                </button>
              </li>
            ))}
          </ol>
          {current && <ReviewPreview key={current.id} item={current} onReject={setRejecting} />}
        </div>
      )}
      <RejectModal item={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}

/** Review Queue (issue 5): moderators and admins only; the queue oldest first, a preview, decisions, the audit trail. */
export function ReviewQueuePage() {
  const { user, session } = useAuth();

  if (!canReview(user?.roles)) {
    return (
      <NotAllowedPage
        className="review-page"
        documentTitle="Review Queue · Abide"
        title="You are not allowed to review resources"
        subTitle="The Review Queue is for moderators. If you think you should have access, ask an administrator."
        back={{ to: '/library', label: 'Go to the Library' }}
      />
    );
  }
  if (session?.aal !== 'aal2') return <TwoFactorNeededPage className="review-page" documentTitle="Review Queue · Abide" />;

  return (
    <main className="page review-page">
      <title>Review Queue · Abide</title>
      <header className="page-header">
        <div className="page-header__text">
          <Typography.Title level={1} className="page__title">
            Review Queue
          </Typography.Title>
          <p className="page-header__lead">Public uploads wait here until a moderator has looked at them.</p>
        </div>
      </header>
      <Tabs
        defaultActiveKey="queue"
        destroyOnHidden
        items={[
          { key: 'queue', label: 'Queue', children: <Queue /> },
          { key: 'audit', label: 'Audit trail', children: <AuditTrail /> },
        ]}
      />
    </main>
  );
}
