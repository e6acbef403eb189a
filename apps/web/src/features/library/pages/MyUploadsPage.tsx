import { CloudUploadOutlined, DeleteOutlined, EditOutlined, SendOutlined } from '@ant-design/icons';
import type { Resource } from '@abide/contracts';
import { Alert, App, Button, Empty, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { problemOf } from '../../../shared/api/problem-details';
import { ButtonLink } from '../../../shared/components/ButtonLink';
import { DraftModal } from '../components/DraftModal';
import { ResourceCard } from '../components/ResourceCard';
import { useUploadsRemoveMutation, useListResourcesInfiniteQuery } from '../libraryApi';
import { ownerActions, pollIntervalFor, statusNote, statusTags } from '../resource-status';
import '../library.css';

const MY_UPLOADS = { mine: true } as const;

function OwnerControls({ resource, onEdit }: { resource: Resource; onEdit(resource: Resource): void }) {
  const { notification } = App.useApp();
  const [remove, removing] = useUploadsRemoveMutation();
  const status = statusTags[resource.status];
  const note = statusNote(resource);
  const actions = ownerActions(resource.status);

  const onDelete = async () => {
    const result = await remove(resource.id);
    if (result.error)
      notification.error({ title: 'Failed to delete resource', description: problemOf(result.error)?.detail ?? 'Please try again.' });
    else notification.success({ title: 'Resource deleted' });
  };

  return (
    <div className="owner-controls">
      <div className="owner-controls__status">
        <Tag color={status.color} className="status-tag">
          {status.label}
        </Tag>
        {note && <span className="owner-controls__note">{note}</span>}
      </div>
      <div className="owner-controls__actions">
        {actions.includes('edit') && (
          <Button icon={<EditOutlined aria-hidden />} onClick={() => onEdit(resource)}>
            Edit
          </Button>
        )}
        {actions.includes('submit') && (
          <Button type="primary" icon={<SendOutlined aria-hidden />} onClick={() => onEdit(resource)}>
            Submit
          </Button>
        )}
        <Popconfirm
          title="Delete this resource?"
          description="The file is removed for good."
          okText="Delete"
          okButtonProps={{ danger: true }}
          onConfirm={() => void onDelete()}
        >
          <Button danger type="text" icon={<DeleteOutlined aria-hidden />} loading={removing.isLoading}>
            Delete
          </Button>
        </Popconfirm>
      </div>
    </div>
  );
}

/** My uploads (issue 5): the member's own resources with their status; polls only while one is processing. */
export function MyUploadsPage() {
  const [pollingInterval, setPollingInterval] = useState(0);
  const { data, isLoading, isError, hasNextPage, fetchNextPage, isFetchingNextPage, refetch } = useListResourcesInfiniteQuery(MY_UPLOADS, {
    pollingInterval,
    skipPollingIfUnfocused: true,
  });
  const [editing, setEditing] = useState<Resource | null>(null);
  const items = data?.pages.flatMap((page) => page.items) ?? [];

  // Derived from the latest answer: start while something is processing, stop once nothing is.
  const wanted = pollIntervalFor(items);
  if (wanted !== pollingInterval) setPollingInterval(wanted);

  return (
    <main className="page my-uploads-page">
      <title>My uploads · Abide</title>
      <header className="page-header">
        <div className="page-header__text">
          <Typography.Title level={1} className="page__title">
            My uploads
          </Typography.Title>
          <p className="page-header__lead">Your drafts and shared resources, and where each one stands.</p>
        </div>
        <div className="page-header__actions">
          <ButtonLink to="/library">Library</ButtonLink>
          <ButtonLink to="/upload" type="primary" icon={<CloudUploadOutlined aria-hidden />}>
            Upload Resource
          </ButtonLink>
        </div>
      </header>
      {isError ? (
        <Alert
          type="error"
          showIcon
          title="Your uploads could not be loaded"
          description="Please try again."
          action={<Button onClick={() => void refetch()}>Try again</Button>}
        />
      ) : isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : items.length === 0 ? (
        <Empty description="You have not uploaded anything yet.">
          <ButtonLink to="/upload" type="primary">
            Upload Resource
          </ButtonLink>
        </Empty>
      ) : (
        <>
          <div className="resource-grid" role="list" aria-label="My uploads">
            {items.map((resource) => (
              <div role="listitem" key={resource.id}>
                <ResourceCard resource={resource} showOwner={false}>
                  <OwnerControls resource={resource} onEdit={setEditing} />
                </ResourceCard>
              </div>
            ))}
          </div>
          {hasNextPage && (
            <div className="library-more">
              <Button size="large" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                Load More Resources
              </Button>
            </div>
          )}
        </>
      )}
      <DraftModal draft={editing} onClose={() => setEditing(null)} />
    </main>
  );
}
