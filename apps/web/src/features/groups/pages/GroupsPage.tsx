import { PlusOutlined } from '@ant-design/icons';
import { Button, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { CreateGroupModal } from '../components/CreateGroupModal';
import { DiscoverTab } from '../components/DiscoverTab';
import { MyGroupsTab } from '../components/MyGroupsTab';
import '../groups.css';

type GroupsTab = 'mine' | 'discover';

/** Groups (issue 6): My Groups and Discover Groups, and the Create Group dialog. */
export function GroupsPage() {
  const [tab, setTab] = useState<GroupsTab>('mine');
  const [creating, setCreating] = useState(false);
  const openCreate = () => setCreating(true);

  return (
    <main className="page groups-page">
      <title>Groups · Abide</title>
      <header className="page-header">
        <div className="page-header__text">
          <Typography.Title level={1} className="page__title">
            Groups
          </Typography.Title>
          <p className="page-header__lead">Grow together: pray, read and encourage one another.</p>
        </div>
        <div className="page-header__actions">
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={openCreate}>
            Create Group
          </Button>
        </div>
      </header>

      <Tabs
        className="groups-tabs"
        activeKey={tab}
        onChange={(key) => setTab(key as GroupsTab)}
        items={[
          { key: 'mine', label: 'My Groups', children: <MyGroupsTab onFind={() => setTab('discover')} onCreate={openCreate} /> },
          { key: 'discover', label: 'Discover Groups', children: <DiscoverTab onCreate={openCreate} /> },
        ]}
      />

      <CreateGroupModal open={creating} onClose={() => setCreating(false)} />
    </main>
  );
}
