import { App, Button, Popconfirm, Space } from 'antd';
import type { GroupSummary } from '@abide/contracts';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { useSharingNote } from '../../settings/sharing-note';
import { failureDescription } from '../group-errors';
import { joinActionFor } from '../group-format';
import { useGroupsJoinMutation, useGroupsWithdrawMutation } from '../groupsApi';

/**
 * The button a group shows to the caller: 'Request to Join' (a public group is joined at once, a private one gets a
 * pending request), 'Request sent' with a way to withdraw it, or 'Open' for members.
 */
export function JoinButton({ group }: { group: GroupSummary }) {
  const { notification } = App.useApp();
  const [join, { isLoading: joining }] = useGroupsJoinMutation();
  const [withdraw, { isLoading: withdrawing }] = useGroupsWithdrawMutation();
  const action = joinActionFor(group.myStatus);
  const sharingNote = useSharingNote();

  const onJoin = async () => {
    const result = await join(group.id);
    if (result.error) {
      notification.error({ title: 'Failed to join group', description: 'Please try again.' });
      return;
    }
    if (result.data.status === 'joined') notification.success({ title: 'Successfully joined group!', description: sharingNote });
    else notification.success({ title: 'Request sent', description: `The leaders of ${group.name} will review your request.` });
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
  return (
    <Button type="primary" loading={joining} onClick={() => void onJoin()} aria-label={`${action.label}: ${group.name}`}>
      {action.label}
    </Button>
  );
}
