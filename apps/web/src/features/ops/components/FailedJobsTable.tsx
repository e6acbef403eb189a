import type { FailedJob } from '@abide/contracts';
import { App, Button, Table } from 'antd';
import { problemOf } from '../../../shared/api/problem-details';
import { LIST_POLL_MS, useOpsFailedJobsQuery, useOpsRetryFailedJobMutation } from '../opsApi';
import { formatWhen } from '../ops-format';

function RetryButton({ job }: { job: FailedJob }) {
  const { notification } = App.useApp();
  const [retry, { isLoading }] = useOpsRetryFailedJobMutation();
  const onRetry = async () => {
    const result = await retry({ queue: job.queue, id: job.id });
    if ('error' in result) {
      notification.error({ title: 'The job was not retried', description: problemOf(result.error)?.detail ?? 'Please try again.' });
      return;
    }
    notification.success({ title: 'Job queued again', description: `${job.queue} job ${job.id} will run again.` });
  };
  return (
    <Button size="small" loading={isLoading} onClick={() => void onRetry()} aria-label={`Retry job ${job.id}`}>
      Retry
    </Button>
  );
}

/** Failed background jobs of every service, newest first, with the error and a Retry button. */
export function FailedJobsTable() {
  const { data, isLoading, isError } = useOpsFailedJobsQuery(undefined, { pollingInterval: LIST_POLL_MS, skipPollingIfUnfocused: true });
  return (
    <Table<FailedJob>
      className="ops-table ops-failed-jobs"
      rowKey={(job) => `${job.queue}/${job.id}`}
      loading={isLoading}
      dataSource={data?.jobs ?? []}
      locale={{ emptyText: isError ? 'The failed jobs could not be loaded.' : 'No failed jobs.' }}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      tableLayout="fixed"
      columns={[
        // On a phone only job, error and action are columns; when and where show under the job's name.
        { title: 'Failed', dataIndex: 'finishedAt', render: (at: string | null) => formatWhen(at), width: 150, responsive: ['md'] },
        { title: 'Service', dataIndex: 'service', width: 100, responsive: ['md'] },
        {
          title: 'Job',
          key: 'job',
          render: (_: unknown, job) => (
            <>
              <div className="ops-table__strong">{job.queue}</div>
              <div className="ops-table__meta">
                {job.name} · {job.id}
              </div>
              <div className="ops-table__meta">{job.dataSummary}</div>
              <div className="ops-table__meta ops-table__phone-only">
                {job.service} · failed {formatWhen(job.finishedAt)} · {job.attemptsMade} attempt(s)
              </div>
            </>
          ),
        },
        { title: 'Error', dataIndex: 'failedReason', className: 'ops-table__error' },
        { title: 'Attempts', dataIndex: 'attemptsMade', width: 120, responsive: ['md'] },
        { title: 'Action', key: 'action', width: 90, render: (_: unknown, job) => <RetryButton job={job} /> },
      ]}
    />
  );
}
