import type { JoinRequest } from '@abide/contracts';
import { App, Button, Card, Empty, List, Space } from 'antd';
import { failureDescription } from '../group-errors';
import { shortDate } from '../../../shared/figures-text';
import { useGroupsApproveMutation, useGroupsDeclineMutation } from '../groupsApi';

/** Requests to join a private group, approved or declined by its leaders. */
export function PendingRequests({ groupId, requests }: { groupId: string; requests: JoinRequest[] }) {
  const { notification } = App.useApp();
  const [approve, approving] = useGroupsApproveMutation();
  const [decline, declining] = useGroupsDeclineMutation();
  const deciding = [approving, declining].find((state) => state.isLoading)?.originalArgs;

  const onDecide = async (request: JoinRequest, decision: 'approve' | 'decline') => {
    const result = await (decision === 'approve' ? approve : decline)({ id: groupId, requestId: request.id });
    const who = request.name ?? 'The member';
    if (result.error) notification.error({ title: 'Could not answer the request', description: failureDescription(result.error) });
    else notification.success({ title: decision === 'approve' ? `${who} joined the group` : 'Request declined' });
  };

  return (
    <Card variant="borderless" className="content-card" title={<h2 className="card-heading">Pending requests</h2>}>
      {requests.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No requests waiting" />
      ) : (
        <List
          aria-label="Pending requests"
          dataSource={requests}
          renderItem={(request) => {
            const busy = deciding?.requestId === request.id;
            const who = request.name ?? 'Member';
            return (
              <List.Item
                key={request.id}
                actions={[
                  <Space key="decide">
                    <Button type="primary" loading={busy} onClick={() => void onDecide(request, 'approve')} aria-label={`Approve ${who}`}>
                      Approve
                    </Button>
                    <Button disabled={busy} onClick={() => void onDecide(request, 'decline')} aria-label={`Decline ${who}`}>
                      Decline
                    </Button>
                  </Space>,
                ]}
              >
                <List.Item.Meta title={who} description={`Requested ${shortDate(request.requestedAt)}`} />
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
}
