import { Grid, Pagination, Table, Tag } from 'antd';
import { useState } from 'react';
import { useModerationAuditQuery, type AuditPage } from '../moderationApi';
import { formatWhen } from '../review-queue';

type AuditEntry = AuditPage['items'][number];

function DecisionTag({ decision }: { decision: AuditEntry['decision'] }) {
  return <Tag color={decision === 'approved' ? 'success' : 'error'}>{decision === 'approved' ? 'Approved' : 'Rejected'}</Tag>;
}

const moderatorOf = (entry: AuditEntry) => entry.moderatorName ?? 'A moderator';

/** On a phone each decision is a card, so the reason reads as a sentence rather than one letter per line. */
function AuditCards({ entries }: { entries: AuditEntry[] }) {
  return (
    <ul className="audit-cards">
      {entries.map((entry) => (
        <li key={`${entry.resourceId}-${entry.decidedAt}`} className="audit-card">
          <div className="audit-card__head">
            <strong>{entry.title}</strong>
            <DecisionTag decision={entry.decision} />
          </div>
          {entry.reason ? <p className="audit-card__reason">{entry.reason}</p> : null}
          <p className="muted audit-card__who">
            {moderatorOf(entry)} · {formatWhen(entry.decidedAt)}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Every moderation decision with who and when (issue 5: an audit trail an admin can read). */
export function AuditTrail() {
  const [page, setPage] = useState(1);
  const { data, isFetching, isError } = useModerationAuditQuery(page);
  // Below antd's md breakpoint (768 px) five columns squeeze the reason: the decisions become cards instead.
  const narrow = Grid.useBreakpoint().md === false;

  if (narrow) {
    const entries = data?.items ?? [];
    return (
      <div className="audit-narrow" aria-busy={isFetching}>
        {entries.length === 0 && !isFetching ? (
          <p className="muted">{isError ? 'The audit trail could not be loaded.' : 'No decisions yet.'}</p>
        ) : (
          <AuditCards entries={entries} />
        )}
        <Pagination
          current={page}
          pageSize={data?.pageSize ?? 20}
          total={data?.total ?? 0}
          onChange={setPage}
          showSizeChanger={false}
          hideOnSinglePage
          simple
        />
      </div>
    );
  }

  return (
    <Table<AuditEntry>
      className="audit-table"
      rowKey={(entry) => `${entry.resourceId}-${entry.decidedAt}`}
      loading={isFetching}
      dataSource={data?.items ?? []}
      locale={{ emptyText: isError ? 'The audit trail could not be loaded.' : 'No decisions yet.' }}
      pagination={{
        current: page,
        pageSize: data?.pageSize ?? 20,
        total: data?.total ?? 0,
        onChange: setPage,
        showSizeChanger: false,
        hideOnSinglePage: true,
      }}
      scroll={{ x: 640 }}
      columns={[
        { title: 'When', dataIndex: 'decidedAt', render: (value: string) => formatWhen(value) },
        { title: 'Resource', dataIndex: 'title' },
        {
          title: 'Decision',
          dataIndex: 'decision',
          render: (decision: AuditEntry['decision']) => <DecisionTag decision={decision} />,
        },
        { title: 'Reason', dataIndex: 'reason', render: (reason: string | null) => reason ?? '—' },
        { title: 'Moderator', key: 'moderator', render: (_, entry) => moderatorOf(entry) },
      ]}
    />
  );
}
