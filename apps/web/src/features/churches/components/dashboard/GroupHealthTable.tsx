import { type ChurchDashboard, type ChurchGroupHealth, GROUP_BREAKDOWN_MIN_SHARING } from '@abide/contracts';
import { Card, Empty, Grid, Table } from 'antd';
import { memberWeekText, membersText, progressText, ratingsText } from '../../church-dashboard-format';

type Member = NonNullable<ChurchGroupHealth['members']>[number];

const memberName = (name: string | null) => name ?? 'A member';

/** Why a group has no member-by-member week. */
function PrivateWeek() {
  return (
    <p className="muted church-health__private">
      Fewer than {GROUP_BREAKDOWN_MIN_SHARING} church members in this group share their progress, so only its totals are shown.
    </p>
  );
}

/** This week member by member, for a group where enough church members share; otherwise why there is none. */
function Breakdown({ group }: { group: ChurchGroupHealth }) {
  if (!group.members) return <PrivateWeek />;
  return (
    <Table<Member>
      size="small"
      className="church-health__members"
      rowKey="userId"
      pagination={false}
      dataSource={group.members}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: 'Member', dataIndex: 'name', render: memberName },
        { title: 'Check-ins', dataIndex: 'checkIns', align: 'right' },
        { title: 'Plan activities', dataIndex: 'planActivities', align: 'right' },
        { title: 'Journaling days', dataIndex: 'journalDays', align: 'right' },
      ]}
    />
  );
}

/** The same figures as the table, one card a group: phone width has no room for four columns and an expand button. */
function GroupCards({ groups }: { groups: readonly ChurchGroupHealth[] }) {
  return (
    <ul className="church-health-cards">
      {groups.map((group) => (
        <li key={group.id} className="church-health-card">
          <h3 className="church-health-card__name">
            {group.name}
          </h3>
          <dl className="church-health-card__figures">
            <div>
              <dt>Members</dt>
              <dd>{membersText(group)}</dd>
            </div>
            <div>
              <dt>Check-ins this week</dt>
              <dd>{progressText(group.weeklyProgress)}</dd>
            </div>
            <div>
              <dt>Meeting ratings</dt>
              <dd>{ratingsText(group.ratings)}</dd>
            </div>
          </dl>
          <details className="church-health-card__week">
            <summary>Members’ week</summary>
            {group.members ? (
              <ul className="church-health-card__members">
                {group.members.map((m) => (
                  <li key={m.userId}>
                    <strong>{memberName(m.name)}</strong>
                    <span>{memberWeekText(m)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <PrivateWeek />
            )}
          </details>
        </li>
      ))}
    </ul>
  );
}

/** Each group of the church: members, sharing members, this week's progress and meeting ratings; a row opens to its week. */
export function GroupHealthTable({ dashboard }: { dashboard: ChurchDashboard }) {
  // Below antd's md breakpoint (768 px) the table would scroll sideways: the groups become cards instead.
  const narrow = Grid.useBreakpoint().md === false;
  return (
    <Card variant="borderless" className="content-card" title={<h2 className="card-heading">Group health</h2>}>
      {dashboard.groups.length === 0 ? (
        <Empty description="This church has no groups yet. Groups started in the church appear here." />
      ) : narrow ? (
        <GroupCards groups={dashboard.groups} />
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
            { title: 'Members', key: 'members', render: (_, group) => membersText(group) },
            { title: 'Check-ins this week', key: 'progress', render: (_, group) => progressText(group.weeklyProgress) },
            { title: 'Meeting ratings', key: 'ratings', render: (_, group) => ratingsText(group.ratings) },
          ]}
        />
      )}
      <p className="muted church-health__legend">
        Ratings of the weeks shown. {narrow ? 'Open “Members’ week” under a group to see each member.' : 'Open a group to see its members’ week.'}
      </p>
    </Card>
  );
}
