import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportOutcome,
  importOutcomeLabels,
  importOutcomes,
  type ImportRow,
  importTemplateCsv,
  type MemberImport,
  memberImportDailyLimits,
} from '@abide/contracts';
import { App, Button, Card, List, Popconfirm, Progress, Result, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { fileForm } from '../../../shared/api/file-form';
import { httpStatusOf, problemOf } from '../../../shared/api/problem-details';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { NotAllowedPage } from '../../../shared/components/NotAllowedPage';
import { saveFile } from '../../../shared/save-file';
import { useChurchesDetailQuery } from '../../churches';
import {
  useLazyMemberImportsReportQuery,
  useMemberImportsGetQuery,
  useMemberImportsListQuery,
  useMemberImportsResendMutation,
  useMemberImportsRowsQuery,
  useMemberImportsStartMutation,
  useMemberImportsUndoMutation,
} from '../memberImportsApi';

const PAGE_SIZE = 25;
const formatDate = (iso: string) => new Date(iso).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
const isRunning = (i: MemberImport) => i.status === 'queued' || i.status === 'running';

const statusLabel: Record<MemberImport['status'], string> = {
  queued: 'Waiting to start',
  running: 'Importing',
  done: 'Finished',
  failed: 'Stopped',
  undone: 'Undone',
};

const outcomeColor: Record<ImportOutcome, string> = {
  invited: 'blue',
  'already-member': 'green',
  'already-invited': 'default',
  refused: 'red',
};

const invitationLabel = (row: ImportRow): string | null => {
  if (!row.invitation) return null;
  const { state, expiresAt, sends } = row.invitation;
  const sent = sends > 1 ? ` · sent ${sends} times` : '';
  if (state === 'pending') return `Invitation open until ${new Date(expiresAt).toLocaleDateString()}${sent}`;
  if (state === 'accepted') return 'Accepted';
  if (state === 'expired') return `Invitation expired${sent}`;
  return 'Invitation withdrawn';
};

function UploadCard({ churchId, onStarted }: { churchId: string; onStarted: (id: string) => void }) {
  const { notification } = App.useApp();
  const [start, { isLoading }] = useMemberImportsStartMutation();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    if (file.size > IMPORT_MAX_BYTES) {
      setProblem(`The file can be at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
      return;
    }
    const result = await start({ churchId, body: fileForm(file) });
    if (input.current) input.current.value = '';
    if (result.error) {
      setProblem(problemOf(result.error)?.detail ?? 'The file could not be imported. Please try again.');
      return;
    }
    notification.success({ title: 'Import started', description: `${result.data.total} people from ${result.data.fileName}` });
    onStarted(result.data.id);
  };

  return (
    <Card title={<h2 className="card-heading">Upload a list</h2>}>
      <p>
        A CSV or Excel (.xlsx) file with a header row: <strong>name</strong> and <strong>email</strong>, and optionally{' '}
        <strong>phone</strong> and <strong>group</strong> (one of the church’s groups). Up to {IMPORT_MAX_ROWS.toLocaleString()} people.
      </p>
      <p>
        Everyone on the list gets an invitation by e-mail; its link works only from that e-mail. When a mobile number is given, a text tells
        them to look for it.
      </p>
      <p className="member-import__note" data-testid="import-limits">
        Each day, a church and each of its admins can start at most {memberImportDailyLimits.imports} imports, invite{' '}
        {memberImportDailyLimits.invitations.toLocaleString()} people, send invitations again {memberImportDailyLimits.resends} times and send{' '}
        {memberImportDailyLimits.texts.toLocaleString()} texts (days start at midnight UTC). Importing needs two-factor sign-in turned on in
        Settings.
      </p>
      {/* The file input is the button's: keyboard and screen-reader users reach the button, the input stays out of the way. */}
      <input
        ref={input}
        type="file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Choose a file"
        disabled={isLoading}
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      <Space wrap>
        <Button type="primary" icon={<UploadOutlined />} loading={isLoading} onClick={() => input.current?.click()}>
          {isLoading ? 'Uploading…' : 'Choose a file'}
        </Button>
        <Button icon={<DownloadOutlined />} onClick={() => saveFile('members-template.csv', importTemplateCsv, 'text/csv')}>
          Download a template
        </Button>
      </Space>
      {problem && (
        <p role="alert" className="member-import__problem" data-testid="import-problem">
          {problem}
        </p>
      )}
    </Card>
  );
}

function ReportTable({ importId }: { importId: string }) {
  const [outcome, setOutcome] = useState<ImportOutcome | undefined>();
  const [page, setPage] = useState(1);
  const { data, isFetching } = useMemberImportsRowsQuery({ id: importId, outcome, page, pageSize: PAGE_SIZE });
  return (
    <>
      <Space wrap className="member-import__filter">
        <label htmlFor="outcome-filter">Show</label>
        <Select<ImportOutcome | 'all'>
          id="outcome-filter"
          value={outcome ?? 'all'}
          style={{ minWidth: 220 }}
          onChange={(value) => {
            setOutcome(value === 'all' ? undefined : value);
            setPage(1);
          }}
          options={[{ value: 'all', label: 'Every row' }, ...importOutcomes.map((o) => ({ value: o, label: importOutcomeLabels[o] }))]}
        />
      </Space>
      <Table<ImportRow>
        rowKey="row"
        size="small"
        loading={isFetching}
        dataSource={data?.items ?? []}
        scroll={{ x: 640 }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: 'Row', dataIndex: 'row', width: 64 },
          { title: 'Name', dataIndex: 'name' },
          { title: 'E-mail', dataIndex: 'email' },
          {
            title: 'Outcome',
            key: 'outcome',
            render: (_, row) => (
              <Space orientation="vertical" size={2}>
                <Tag color={outcomeColor[row.outcome]}>{importOutcomeLabels[row.outcome]}</Tag>
                {row.reason && <span>{row.reason}</span>}
                {invitationLabel(row) && <span className="member-import__note">{invitationLabel(row)}</span>}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}

function ImportCard({ importId }: { importId: string }) {
  const { notification } = App.useApp();
  const { data } = useMemberImportsGetQuery(importId);
  // While it runs the bar also polls (live signals move it sooner); a second subscription to the same cache entry.
  useMemberImportsGetQuery(importId, { pollingInterval: !data || isRunning(data) ? 1000 : 0 });
  const [undo, undoing] = useMemberImportsUndoMutation();
  const [resend, resending] = useMemberImportsResendMutation();
  const [report, reporting] = useLazyMemberImportsReportQuery();
  if (!data) return <Card><Skeleton active /></Card>;

  const percent = data.total ? Math.floor((data.processed / data.total) * 100) : 0;
  const pending = data.counts.invited;
  const download = async () => {
    const result = await report(importId);
    if (result.data) saveFile(result.data.fileName, result.data.content, 'text/csv');
    else notification.error({ title: 'The report could not be downloaded', description: 'Please try again.' });
  };
  const onUndo = async () => {
    const result = await undo(importId);
    if (result.error) notification.error({ title: 'Not undone', description: problemOf(result.error)?.detail ?? 'Please try again.' });
    else notification.success({ title: 'Import undone', description: 'Its invitations no longer work.' });
  };
  const onResend = async () => {
    const result = await resend({ id: importId, resendInvitationsDto: {} });
    if (result.error) notification.error({ title: 'Nothing sent', description: problemOf(result.error)?.detail ?? 'Please try again.' });
    else notification.success({ title: `${result.data.resent} invitation${result.data.resent === 1 ? '' : 's'} sent again` });
  };

  return (
    <Card title={<h2 className="card-heading">{data.fileName}</h2>} extra={<Tag>{statusLabel[data.status]}</Tag>} data-testid="import-card">
      <Progress
        percent={percent}
        status={data.status === 'failed' ? 'exception' : isRunning(data) ? 'active' : 'normal'}
        aria-label={`Rows processed: ${data.processed} of ${data.total}`}
        data-testid="import-progress"
      />
      <p aria-live="polite" data-testid="import-processed">
        {data.processed} of {data.total} rows processed · started {formatDate(data.startedAt)}
        {data.startedBy.name ? ` by ${data.startedBy.name}` : ''}
      </p>
      {data.failure && <p role="alert">{data.failure}</p>}
      <Space wrap className="member-import__counts" data-testid="import-counts">
        <Tag color={outcomeColor.invited}>{data.counts.invited} invited</Tag>
        <Tag color={outcomeColor['already-member']}>{data.counts.alreadyMember} already members</Tag>
        <Tag>{data.counts.alreadyInvited} already invited</Tag>
        <Tag color={outcomeColor.refused}>{data.counts.refused} refused</Tag>
        {data.accepted > 0 && <Tag color="green">{data.accepted} accepted</Tag>}
      </Space>
      {!isRunning(data) && (
        <>
          <Space wrap className="member-import__actions">
            <Button icon={<DownloadOutlined />} loading={reporting.isFetching} onClick={() => void download()}>
              Download the report
            </Button>
            {data.status !== 'undone' && pending > 0 && (
              <Popconfirm title="Send the unused invitations again?" description="Each gets a new link; the old links stop working." okText="Send again" onConfirm={() => void onResend()}>
                <Button loading={resending.isLoading}>Resend invitations</Button>
              </Popconfirm>
            )}
            {data.canUndo && (
              <Popconfirm title="Undo this import?" description="Every invitation of it stops working." okText="Undo import" okButtonProps={{ danger: true }} onConfirm={() => void onUndo()}>
                <Button danger loading={undoing.isLoading}>
                  Undo import
                </Button>
              </Popconfirm>
            )}
          </Space>
          {!data.canUndo && data.status !== 'undone' && data.accepted > 0 && (
            <p className="member-import__note">Someone has accepted an invitation of this import, so it can no longer be undone.</p>
          )}
          <ReportTable importId={importId} />
        </>
      )}
    </Card>
  );
}

/** `/churches/{id}/import`: a church admin imports people from a spreadsheet and follows what became of each row. */
export function MemberImportPage() {
  const { churchId = '' } = useParams();
  const church = useChurchesDetailQuery(churchId);
  const imports = useMemberImportsListQuery(churchId, { skip: church.data?.myRole !== 'admin' });
  const [selected, setSelected] = useState<string | null>(null);
  const current = selected ?? imports.data?.items[0]?.id ?? null;

  if (church.isLoading) return <main className="page"><Skeleton active /></main>;
  if (httpStatusOf(church.error) === 403 || (church.data && church.data.myRole !== 'admin')) {
    return (
      <NotAllowedPage
        className="member-import"
        documentTitle="Import members · Abide"
        title="Importing members is for the church’s admins"
        subTitle="Only the church’s admins can import members."
        back={{ to: '/churches', label: 'Back to churches' }}
      />
    );
  }
  if (!church.data) return <main className="page"><Result status="404" title="This church was not found" /></main>;
  const earlier = (imports.data?.items ?? []).filter((i) => i.id !== current);

  return (
    <main className="page member-import">
      <title>{`Import members · ${church.data.name} · Abide`}</title>
      <header className="page-header">
        <div className="page-header__text">
          <Typography.Title level={1} className="page__title">
            Import members
          </Typography.Title>
          <p className="page-header__lead">Invite {church.data.name}’s people from a spreadsheet.</p>
        </div>
        <ButtonLink to={`/churches/${churchId}/settings`}>Church settings</ButtonLink>
      </header>
      <div className="member-import__grid">
        <UploadCard churchId={churchId} onStarted={setSelected} />
        {current && <ImportCard key={current} importId={current} />}
        {earlier.length > 0 && (
          <Card title={<h2 className="card-heading">Earlier imports</h2>}>
            <List
              dataSource={earlier}
              renderItem={(item) => (
                <List.Item actions={[<Button key="open" type="link" onClick={() => setSelected(item.id)}>Open<span className="visually-hidden"> {item.fileName}</span></Button>]}>
                  <List.Item.Meta title={item.fileName} description={`${formatDate(item.startedAt)} · ${statusLabel[item.status]} · ${item.total} rows`} />
                </List.Item>
              )}
            />
          </Card>
        )}
      </div>
    </main>
  );
}
