import { Avatar, List, Result, Skeleton, Tag } from 'antd';
import { roleLabels } from '../group-format';
import { shortDate } from '../../../shared/figures-text';
import { useGroupsMembersQuery } from '../groupsApi';

const initialOf = (name: string | null) => (name?.trim()[0] ?? '?').toUpperCase();

/** The group's members with their role and when they joined (members only; the server checks it too). */
export function MembersList({ groupId }: { groupId: string }) {
  const { data: members, isLoading, isError } = useGroupsMembersQuery(groupId);
  if (isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (isError || !members) return <Result status="warning" title="Members could not be loaded" />;
  return (
    <List
      className="members-list"
      aria-label="Members"
      dataSource={members}
      renderItem={(member) => (
        <List.Item key={member.userId}>
          <List.Item.Meta
            avatar={<Avatar className="member-avatar">{initialOf(member.name)}</Avatar>}
            title={member.name ?? 'Member'}
            description={`Joined ${shortDate(member.joinedAt)}`}
          />
          <Tag className="role-tag">{roleLabels[member.role]}</Tag>
        </List.Item>
      )}
    />
  );
}
