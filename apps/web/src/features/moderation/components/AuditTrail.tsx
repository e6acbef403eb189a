import { Table, Tag } from 'antd';
import { useState } from 'react';
import { useModerationAuditQuery, type AuditPage } from '../moderationApi';
import { formatWhen } from '../review-queue';

type AuditEntry = AuditPage['items'][number];

/** Every moderation decision with who and when (issue 5: an audit trail an admin can read). */
export function AuditTrail() {
  const [page, setPage] = useState(1);
  const { data, isFetching, isError } = useModerationAuditQuery(page);

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
          render: (decision: AuditEntry['decision']) => (
            <Tag color={decision === 'approved' ? 'success' : 'error'}>{decision === 'approved' ? 'Approved' : 'Rejected'}</Tag>
          ),
        },
        { title: 'Reason', dataIndex: 'reason', render: (reason: string | null) => reason ?? '—' },
        { title: 'Moderator', dataIndex: 'moderatorName', render: (name: string | null) => name ?? 'A moderator' },
      ]}
    />
  );
}
