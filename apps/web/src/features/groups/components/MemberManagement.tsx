import type { Dashboard, GroupMemberRole } from '@abide/contracts';
import { App, Button, Card, Grid, Popconfirm, Space, Table, Tag } from 'antd';
import { failureDescription } from '../group-errors';
import { roleLabels } from '../group-format';
import { shortDate } from '../../../shared/figures-text';
import { useGroupsChangeRoleMutation, useGroupsHandOverMutation, useGroupsRemoveMutation } from '../groupsApi';

type Row = Dashboard['members'][number];

/** Owners manage everyone but themselves; co-leaders manage plain members (the server checks the same). */
const canRemove = (me: GroupMemberRole, target: Row, myId: string | undefined) =>
  target.userId !== myId && target.role !== 'owner' && (me === 'owner' || target.role === 'member');

/** Member Management: role, joined date and this week's counts (never content; 'Private' for members who do not share). */
export function MemberManagement({ dashboard, myRole, myId }: { dashboard: Dashboard; myRole: GroupMemberRole; myId?: string }) {
  const { notification } = App.useApp();
  const [remove] = useGroupsRemoveMutation();
  const [changeRole] = useGroupsChangeRoleMutation();
  const [handOver] = useGroupsHandOverMutation();
  const groupId = dashboard.group.id;

  const onRemove = async (row: Row) => {
    const result = await remove({ id: groupId, userId: row.userId });
    if (result.error) notification.error({ title: 'Could not remove the member', description: failureDescription(result.error) });
    else notification.success({ title: `${row.name ?? 'The member'} was removed from the group` });
  };
  const onRole = async (row: Row, role: 'co-leader' | 'member') => {
    const result = await changeRole({ id: groupId, userId: row.userId, changeRoleDto: { role } });
    if (result.error) notification.error({ title: 'Could not change the role', description: failureDescription(result.error) });
    else notification.success({ title: `${row.name ?? 'The member'} is now a ${roleLabels[role].toLowerCase()}` });
  };

  const onHandOver = async (row: Row) => {
    const result = await handOver({ id: groupId, handOverDto: { userId: row.userId } });
    if (result.error) notification.error({ title: 'Could not hand over the group', description: failureDescription(result.error) });
    else notification.success({ title: `${row.name ?? 'The member'} now owns the group` });
  };

  /** What this leader may do about one member (the same in the table and in the phone's cards). */
  const actionsOf = (row: Row) => {
    const who = row.name ?? 'this member';
    return (
      <Space size={4} wrap>
        {myRole === 'owner' && row.role === 'member' ? (
          <Button size="small" onClick={() => void onRole(row, 'co-leader')} aria-label={`Make co-leader: ${who}`}>
            Make co-leader
          </Button>
        ) : null}
        {myRole === 'owner' && row.role === 'co-leader' ? (
          <Button size="small" onClick={() => void onRole(row, 'member')} aria-label={`Make member: ${who}`}>
            Make member
          </Button>
        ) : null}
        {myRole === 'owner' && row.role !== 'owner' ? (
          <Popconfirm
            title={`Make ${who} the owner?`}
            description="You will stay on as a co-leader."
            okText="Hand over"
            onConfirm={() => onHandOver(row)}
          >
            <Button size="small" aria-label={`Make owner: ${who}`}>
              Make owner
            </Button>
          </Popconfirm>
        ) : null}
        {canRemove(myRole, row, myId) ? (
          <Popconfirm
            title={`Remove ${who} from the group?`}
            okText="Remove"
            okButtonProps={{ danger: true }}
            onConfirm={() => onRemove(row)}
          >
            <Button size="small" danger aria-label={`Remove ${who}`}>
              Remove
            </Button>
          </Popconfirm>
        ) : null}
      </Space>
    );
  };

  const weekCell = (row: Row, key: 'checkIns' | 'planActivities' | 'journalDays') =>
    row.week ? row.week[key] : <span className="muted">Private</span>;

  // Below antd's md breakpoint (768 px) seven columns scroll sideways inside the card: each member becomes a card with
  // the same facts and actions, as the moderators' audit trail does.
  const narrow = Grid.useBreakpoint().md === false;
  const note = (
    <p className="muted member-table__note">
      This week, from {shortDate(`${dashboard.weekStart}T12:00:00`)}. Journal content is never shared.
    </p>
  );

  if (narrow) {
    return (
      <Card variant="borderless" className="content-card" title={<h2 className="card-heading">Member Management</h2>}>
        <ul className="member-cards" aria-label="Members">
          {dashboard.members.map((row) => (
            <li key={row.userId} className="member-card">
              <div className="member-card__head">
                <strong>{row.name ?? 'Member'}</strong>
                <Tag className="role-tag">{roleLabels[row.role]}</Tag>
              </div>
              <dl className="member-card__facts">
                <div>
                  <dt>Joined</dt>
                  <dd>{shortDate(row.joinedAt)}</dd>
                </div>
                <div>
                  <dt>Check-ins</dt>
                  <dd>{weekCell(row, 'checkIns')}</dd>
                </div>
                <div>
                  <dt>Plan activities</dt>
                  <dd>{weekCell(row, 'planActivities')}</dd>
                </div>
                <div>
                  <dt>Journal days</dt>
                  <dd>{weekCell(row, 'journalDays')}</dd>
                </div>
              </dl>
              {/* The owner's own card has nothing to do about them: no empty row of actions. */}
              {(myRole === 'owner' && row.role !== 'owner') || canRemove(myRole, row, myId) ? (
                <div className="member-card__actions">{actionsOf(row)}</div>
              ) : null}
            </li>
          ))}
        </ul>
        {note}
      </Card>
    );
  }

  return (
    <Card variant="borderless" className="content-card" title={<h2 className="card-heading">Member Management</h2>}>
      <Table<Row>
        className="member-table"
        rowKey="userId"
        dataSource={dashboard.members}
        pagination={false}
        scroll={{ x: 720 }}
        size="middle"
        columns={[
          { title: 'Name', key: 'name', render: (_, row) => row.name ?? 'Member' },
          { title: 'Role', key: 'role', render: (_, row) => <Tag className="role-tag">{roleLabels[row.role]}</Tag> },
          { title: 'Joined', key: 'joined', render: (_, row) => shortDate(row.joinedAt) },
          { title: 'Check-ins', key: 'checkIns', align: 'right', render: (_, row) => weekCell(row, 'checkIns') },
          { title: 'Plan activities', key: 'plan', align: 'right', render: (_, row) => weekCell(row, 'planActivities') },
          { title: 'Journal days', key: 'journal', align: 'right', render: (_, row) => weekCell(row, 'journalDays') },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, row) => actionsOf(row),
          },
        ]}
      />
      {note}
    </Card>
  );
}
