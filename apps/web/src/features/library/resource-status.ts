import type { Resource, ResourceStatus } from '@abide/contracts';

/** 'My uploads' status tags (issue 5: draft, processing, in review, approved, rejected with the reason). */
export const statusTags: Record<ResourceStatus, { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'default' },
  processing: { label: 'Processing', color: 'processing' },
  'in-review': { label: 'In review', color: 'gold' },
  approved: { label: 'Approved', color: 'success' },
  rejected: { label: 'Rejected', color: 'error' },
  failed: { label: 'Failed', color: 'error' },
};

/** How often 'My uploads' looks again while a file is being processed. */
export const PROCESSING_POLL_MS = 2_000;

/** The one place polling is right: only while something is still processing (it stops once none is). */
export function pollIntervalFor(resources: ReadonlyArray<Pick<Resource, 'status'>>): number {
  return resources.some((r) => r.status === 'processing') ? PROCESSING_POLL_MS : 0;
}

/** What the owner may do: drafts are edited, submitted or deleted; anything else only deleted. */
export function ownerActions(status: ResourceStatus): Array<'edit' | 'submit' | 'delete'> {
  return status === 'draft' ? ['edit', 'submit', 'delete'] : ['delete'];
}

const approvedNote: Record<Resource['visibility'], string> = {
  public: 'Visible in the library.',
  group: 'Visible to the members of your group.',
  church: 'Visible to the members of your church.',
  private: 'Only you can see it.',
};

/** A line under the status explaining it. */
export function statusNote(resource: Pick<Resource, 'status' | 'statusReason' | 'visibility'>): string | null {
  switch (resource.status) {
    case 'draft':
      return 'Only you can see this draft. Submit it when it is ready.';
    case 'processing':
      return 'We are checking the file and reading its text.';
    case 'in-review':
      return 'A moderator will review it before it appears in the library.';
    case 'approved':
      return approvedNote[resource.visibility];
    case 'rejected':
    case 'failed':
      return resource.statusReason ? `Reason: ${resource.statusReason}` : null;
  }
}
