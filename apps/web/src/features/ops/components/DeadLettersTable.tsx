import type { DeadLetter } from '@abide/contracts';
import { App, Button, Table } from 'antd';
import { problemOf } from '../../../shared/api/problem-details';
import { LIST_POLL_MS, useOpsDeadLettersQuery, useOpsReplayDeadLetterMutation } from '../opsApi';
import { formatWhen } from '../ops-format';

function ReplayButton({ letter }: { letter: DeadLetter }) {
  const { notification } = App.useApp();
  const [replay, { isLoading }] = useOpsReplayDeadLetterMutation();
  const onReplay = async () => {
    const result = await replay({ service: letter.service, id: letter.id });
    if ('error' in result) {
      notification.error({ title: 'The event was not replayed', description: problemOf(result.error)?.detail ?? 'Please try again.' });
      return;
    }
    notification.success({
      title: result.data.republished ? 'Event replayed' : 'Already replayed',
      description: result.data.republished
        ? `Sent to ${letter.topic} again for ${letter.consumer}.`
        : 'It had been replayed before; nothing was sent again.',
    });
  };
  // A dead letter is replayed at most once (the API answers `republished: false` after that).
  if (letter.replayedAt) return <span className="ops-table__meta">Replayed {formatWhen(letter.replayedAt)}</span>;
  return (
    <Button
      size="small"
      loading={isLoading}
      onClick={() => void onReplay()}
      aria-label={`Replay event at ${letter.topic} offset ${letter.offset}`}
    >
      Replay
    </Button>
  );
}

/** Events a consumer gave up on, newest first, with the reason and a Replay button. */
export function DeadLettersTable() {
  const { data, isLoading, isError } = useOpsDeadLettersQuery(undefined, { pollingInterval: LIST_POLL_MS, skipPollingIfUnfocused: true });
  return (
    <Table<DeadLetter>
      className="ops-table ops-dead-letters"
      rowKey={(letter) => `${letter.service}/${letter.id}`}
      loading={isLoading}
      dataSource={data?.deadLetters ?? []}
      locale={{ emptyText: isError ? 'The dead letters could not be loaded.' : 'No dead-lettered events.' }}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      tableLayout="fixed"
      columns={[
        // On a phone only event, reason and action are columns; when and where show under the event's name.
        { title: 'Failed', dataIndex: 'failedAt', render: (at: string) => formatWhen(at), width: 150, responsive: ['md'] },
        { title: 'Service', dataIndex: 'service', width: 100, responsive: ['md'] },
        {
          title: 'Event',
          key: 'event',
          render: (_: unknown, letter) => (
            <>
              <div className="ops-table__strong">{letter.eventType ?? 'Unreadable message'}</div>
              <div className="ops-table__meta">
                {letter.topic} · partition {letter.partition} · offset {letter.offset}
              </div>
              <div className="ops-table__meta">consumer {letter.consumer}</div>
              <div className="ops-table__meta ops-table__phone-only">
                {letter.service} · failed {formatWhen(letter.failedAt)}
              </div>
            </>
          ),
        },
        { title: 'Reason', dataIndex: 'reason', className: 'ops-table__error' },
        { title: 'Action', key: 'action', width: 96, render: (_: unknown, letter) => <ReplayButton letter={letter} /> },
      ]}
    />
  );
}
