import { ownerActions, pollIntervalFor, PROCESSING_POLL_MS, statusNote, statusTags } from './resource-status';

describe(pollIntervalFor.name, () => {
  it('returns the short interval while any upload is processing', () => {
    expect(pollIntervalFor([{ status: 'approved' }, { status: 'processing' }])).toBe(PROCESSING_POLL_MS);
  });

  it('returns 0 (no polling) once none is', () => {
    expect(pollIntervalFor([{ status: 'approved' }, { status: 'in-review' }, { status: 'draft' }])).toBe(0);
    expect(pollIntervalFor([])).toBe(0);
  });
});

describe(ownerActions.name, () => {
  it('returns edit, submit and delete for a draft, and only delete otherwise', () => {
    expect(ownerActions('draft')).toEqual(['edit', 'submit', 'delete']);
    expect(ownerActions('in-review')).toEqual(['delete']);
    expect(ownerActions('rejected')).toEqual(['delete']);
  });
});

describe(statusNote.name, () => {
  it('returns the reason of a rejection or a failed processing', () => {
    expect(statusNote({ status: 'rejected', statusReason: 'Off topic', visibility: 'public' })).toBe('Reason: Off topic');
    expect(statusNote({ status: 'failed', statusReason: 'The PDF is password-protected', visibility: 'private' })).toBe(
      'Reason: The PDF is password-protected',
    );
  });

  it('returns who can see an approved resource', () => {
    expect(statusNote({ status: 'approved', statusReason: null, visibility: 'public' })).toBe('Visible in the library.');
    expect(statusNote({ status: 'approved', statusReason: null, visibility: 'private' })).toBe('Only you can see it.');
  });

  it('labels every status', () => {
    expect(Object.values(statusTags).map((s) => s.label)).toEqual(['Draft', 'Processing', 'In review', 'Approved', 'Rejected', 'Failed']);
  });
});
