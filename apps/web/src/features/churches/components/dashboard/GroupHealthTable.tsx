import { type ChurchDashboard, type ChurchGroupHealth, GROUP_BREAKDOWN_MIN_SHARING } from '@abide/contracts';
import { Card, Empty, Table } from 'antd';
import { progressText, ratingsText } from '../../church-dashboard-format';

type Member = NonNullable<ChurchGroupHealth['members']>[number];

/** This week member by member, for a group where enough church members share; otherwise why there is none. */
function Breakdown({ group }: { group: ChurchGroupHealth }) {
  if (!group.members) {
    return (
      <p className="muted church-health__private">
        Fewer than {GROUP_BREAKDOWN_MIN_SHARING} church members in this group share their progress, so only its totals are shown.
      </p>
    );
  }
  return (
    <Table<Member>
      size="small"
      className="church-health__members"
      rowKey="userId"
      pagination={false}
      dataSource={group.members}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: 'Member', dataIndex: 'name', render: (name: string | null) => name ?? 'A member' },
        { title: 'Check-ins', dataIndex: 'checkIns', align: 'right' },
        { title: 'Plan activities', dataIndex: 'planActivities', align: 'right' },
        { title: 'Journaling days', dataIndex: 'journalDays', align: 'right' },
      ]}
    />
  );
}

/** Each group of the church: members, sharing members, this week's progress and meeting ratings; a row opens to its week. */
export function GroupHealthTable({ dashboard }: { dashboard: ChurchDashboard }) {
  return (
    <Card variant="borderless" className="content-card" title={<h2 className="card-heading">Group health</h2>}>
      {dashboard.groups.length === 0 ? (
        <Empty description="This church has no groups yet. Groups started in the church appear here." />
      ) : (
        <Table<ChurchGroupHealth>
          className="church-health"
          rowKey="id"
          pagination={false}
          dataSource={dashboard.groups}
          scroll={{ x: 'max-content' }}
          expandable={{ expandedRowRender: (group) => <Breakdown group={group} /> }}
          columns={[
            { title: 'Group', dataIndex: 'name' },
            {
              title: 'Members',
              key: 'members',
              render: (_, group) => `${group.memberCount} (${group.sharingMembers} sharing)`,
            },
            { title: 'Check-ins this week', key: 'progress', render: (_, group) => progressText(group.weeklyProgress) },
            { title: 'Meeting ratings', key: 'ratings', render: (_, group) => ratingsText(group.ratings) },
          ]}
        />
      )}
      <p className="muted church-health__legend">Ratings of the weeks shown. Open a group to see its members’ week.</p>
    </Card>
  );
}
