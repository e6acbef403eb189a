import { App, Button, Modal, Popconfirm, Space, Switch } from 'antd';
import { useId, useState } from 'react';
import type { GroupSummary } from '@abide/contracts';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { sharingNoteText, sharingHelp, useSharingGroupMutation } from '../../sharing';
import { failureDescription } from '../group-errors';
import { joinActionFor } from '../group-format';
import { useGroupsJoinMutation, useGroupsWithdrawMutation } from '../groupsApi';

/**
 * The button a group shows to the caller: 'Request to Join' (a public group is joined at once, a private one gets a
 * pending request), 'Request sent' with a way to withdraw it, or 'Open' for members. Joining a public group asks first
 * whether its leaders may see the member's progress (#26): a switch in the join dialog, off until turned on.
 */
export function JoinButton({ group }: { group: GroupSummary }) {
  const { notification } = App.useApp();
  const [join, { isLoading: joining }] = useGroupsJoinMutation();
  const [withdraw, { isLoading: withdrawing }] = useGroupsWithdrawMutation();
  const [share, { isLoading: sharing }] = useSharingGroupMutation();
  const [asking, setAsking] = useState(false);
  const [shares, setShares] = useState(false);
  const switchId = useId();
  const action = joinActionFor(group.myStatus);

  const onJoin = async () => {
    const result = await join(group.id);
    if (result.error) {
      notification.error({ title: 'Failed to join group', description: 'Please try again.' });
      return;
    }
    setAsking(false);
    if (result.data.status !== 'joined') {
      notification.success({ title: 'Request sent', description: `The leaders of ${group.name} will review your request.` });
      return;
    }
    const saved = shares ? await share({ id: group.id, setSharingDto: { shares: true } }) : null;
    if (saved?.error) {
      notification.warning({ title: 'You joined the group', description: 'Your choice to share was not saved: turn it on in Settings, under Privacy.' });
      return;
    }
    notification.success({ title: 'Successfully joined group!', description: sharingNoteText(shares) });
  };

  const onWithdraw = async () => {
    const result = await withdraw(group.id);
    if (result.error) notification.error({ title: 'Could not withdraw your request', description: failureDescription(result.error) });
    else notification.success({ title: 'Request withdrawn' });
  };

  if (action.kind === 'open') {
    return (
      <ButtonLink type="primary" to={`/groups/${group.id}`} aria-label={`Open ${group.name}`}>
        Open
      </ButtonLink>
    );
  }
  if (action.kind === 'pending') {
    return (
      <Space wrap className="join-pending">
        <Button disabled aria-label={`Request sent to ${group.name}`}>
          {action.label}
        </Button>
        <Popconfirm title="Withdraw your request?" okText="Withdraw" cancelText="Keep it" onConfirm={() => onWithdraw()}>
          <Button type="link" loading={withdrawing} aria-label={`Withdraw request to ${group.name}`}>
            Withdraw
          </Button>
        </Popconfirm>
      </Space>
    );
  }
  // A private group's leaders decide first: the member is asked on the group's page once they are in.
  if (!group.isPublic) {
    return (
      <Button type="primary" loading={joining} onClick={() => void onJoin()} aria-label={`${action.label}: ${group.name}`}>
        {action.label}
      </Button>
    );
  }
  return (
    <>
      <Button type="primary" onClick={() => setAsking(true)} aria-label={`${action.label}: ${group.name}`}>
        {action.label}
      </Button>
      <Modal
        open={asking}
        title={`Join ${group.name}`}
        okText="Join group"
        cancelText="Cancel"
        confirmLoading={joining || sharing}
        onOk={() => void onJoin()}
        onCancel={() => setAsking(false)}
        destroyOnHidden
      >
        <div className="setting-row join-sharing">
          <div>
            <label htmlFor={switchId} className="setting-row__label">
              Share my progress with this group’s leaders
            </label>
            <p className="setting-row__help" id={`${switchId}-help`}>
              {sharingHelp('group')} Off unless you turn it on; you can change it any time on the group’s page or in Settings.
            </p>
          </div>
          <Switch id={switchId} aria-describedby={`${switchId}-help`} checked={shares} onChange={setShares} />
        </div>
      </Modal>
    </>
  );
}
