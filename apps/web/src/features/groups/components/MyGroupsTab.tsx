import { PlusOutlined, SearchOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Empty, Result, Skeleton } from 'antd';
import { useGroupsMineQuery } from '../groupsApi';
import { MyGroupCard } from './MyGroupCard';

/** My Groups: a card per group, or 'No groups yet' with Find Groups and Create Group. */
export function MyGroupsTab({ onFind, onCreate }: { onFind: () => void; onCreate: () => void }) {
  const { data: groups, isLoading, isError, refetch } = useGroupsMineQuery();

  if (isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (isError || !groups) {
    return (
      <Result
        status="warning"
        title="Your groups could not be loaded"
        subTitle="Please check your connection and try again."
        extra={<Button onClick={() => void refetch()}>Try again</Button>}
      />
    );
  }
  if (groups.length === 0) {
    return (
      <Empty
        className="groups-empty"
        image={<TeamOutlined className="groups-empty__icon" aria-hidden />}
        description={
          <>
            <h3 className="groups-empty__title">No groups yet</h3>
            <p className="muted">Join a group to grow alongside others, or start one of your own.</p>
          </>
        }
      >
        <div className="groups-empty__actions">
          <Button icon={<SearchOutlined aria-hidden />} onClick={onFind}>
            Find Groups
          </Button>
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onCreate}>
            Create Group
          </Button>
        </div>
      </Empty>
    );
  }
  return (
    <div className="group-grid">
      {groups.map((group) => (
        <MyGroupCard key={group.id} group={group} />
      ))}
    </div>
  );
}
