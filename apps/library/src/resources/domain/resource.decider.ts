import { errorCodes, type EventData, type EventPayload, Refusal, type ResourceStatus, type SubmissionFields } from '@abide/contracts';
import type { CommandDecider, NewEvent } from '@abide/event-store';

export type FileFacts = EventData<'library.resource.drafted'>['file'];

/** A resource after its history. `stage` is the lifecycle; the read model shows it as a ResourceStatus. */
export interface ResourceState {
  exists: boolean;
  deleted: boolean;
  resourceId: string;
  ownerId: string;
  stage: ResourceStatus;
  fields: SubmissionFields | null;
  file: FileFacts | null;
  /** Set once processed: where the file lives (the store bucket). */
  storedKey: string | null;
  /** Who reported it since it was last approved (one report each). */
  reporters: string[];
}

const initialResourceState = (): ResourceState => ({
  exists: false,
  deleted: false,
  resourceId: '',
  ownerId: '',
  stage: 'draft',
  fields: null,
  file: null,
  storedKey: null,
  reporters: [],
});

type ResourceEvent = EventPayload;

/** One event's effect on the resource's state. */
const evolveResource = (s: ResourceState, event: ResourceEvent): ResourceState => {
  switch (event.type) {
    case 'library.resource.drafted': {
      const e = event.data;
      return { ...s, exists: true, resourceId: e.resourceId, ownerId: e.ownerId, stage: 'draft', fields: e.fields, file: e.file };
    }
    case 'library.resource.draft-updated': {
      const e = event.data;
      return { ...s, fields: { ...(s.fields as SubmissionFields), ...e.fields }, file: e.file ?? s.file };
    }
    case 'library.resource.submitted': {
      const e = event.data;
      return { ...s, exists: true, resourceId: e.resourceId, ownerId: e.ownerId, stage: 'processing', fields: e.fields, file: e.file };
    }
    case 'library.resource.processed':
      return { ...s, storedKey: event.data.storageKey };
    case 'library.resource.processing-failed':
      return { ...s, stage: 'failed' };
    case 'library.resource.queued-for-review':
      return { ...s, stage: 'in-review' };
    case 'library.resource.published':
    case 'library.resource.approved':
      return { ...s, stage: 'approved', reporters: [] };
    case 'library.resource.rejected':
      return { ...s, stage: 'rejected' };
    case 'library.resource.reported':
      return { ...s, reporters: [...s.reporters, event.data.reporterId] };
    case 'library.resource.deleted':
      return { ...s, deleted: true };
    default:
      return s;
  }
};

export const resourceMessages = {
  notFound: 'This resource was not found.',
  concurrency: 'This resource changed at the same moment elsewhere. Please try again.',
} as const;

const notFound = () => new Refusal(errorCodes.notFound, resourceMessages.notFound);
const forbidden = (message: string) => new Refusal(errorCodes.forbidden, message);
const conflict = (message: string) => new Refusal(errorCodes.conflict, message);
const live = (s: ResourceState) => s.exists && !s.deleted;
/** Anyone but the owner gets "not found" for what they may not see, so ids reveal nothing. */
const ownedBy = (s: ResourceState, userId: string) => {
  if (!live(s) || s.ownerId !== userId) throw notFound();
};

const ev = <T extends NewEvent['type']>(type: T, data: EventData<T>, ownerId: string) => ({ type, data, subjectId: ownerId }) as NewEvent;

const decideCreate = (
  s: ResourceState,
  input: { resourceId: string; ownerId: string; fields: SubmissionFields; file: FileFacts; draft: boolean },
): NewEvent[] => {
  if (s.exists) return [];
  const { resourceId, ownerId, fields, file } = input;
  return [ev(input.draft ? 'library.resource.drafted' : 'library.resource.submitted', { resourceId, ownerId, fields, file }, ownerId)];
};

const decideUpdateDraft = (
  s: ResourceState,
  input: { userId: string; fields: Partial<SubmissionFields>; file?: FileFacts },
): NewEvent[] => {
  ownedBy(s, input.userId);
  if (s.stage !== 'draft') throw conflict('Only a draft can be edited; this resource was already submitted.');
  return [
    ev(
      'library.resource.draft-updated',
      { resourceId: s.resourceId, ownerId: s.ownerId, fields: input.fields, ...(input.file ? { file: input.file } : {}) },
      s.ownerId,
    ),
  ];
};

const decideSubmitDraft = (s: ResourceState, input: { userId: string; fields: SubmissionFields }): NewEvent[] => {
  ownedBy(s, input.userId);
  if (s.stage !== 'draft') throw conflict('This resource was already submitted.');
  return [
    ev(
      'library.resource.submitted',
      { resourceId: s.resourceId, ownerId: s.ownerId, fields: input.fields, file: s.file as FileFacts },
      s.ownerId,
    ),
  ];
};

/**
 * Processing finished: public resources wait for a moderator; group, church and private ones are published at once
 * (their readers are a closed circle the uploader belongs to, as for groups; see docs/churches.md).
 */
const decideProcessed = (
  s: ResourceState,
  input: { pages: number | null; words: number; excerpt: string; storageKey: string },
): NewEvent[] => {
  if (!live(s) || s.stage !== 'processing') return [];
  const base = { resourceId: s.resourceId, ownerId: s.ownerId };
  const fields = s.fields as SubmissionFields;
  const next =
    fields.visibility === 'public'
      ? ev('library.resource.queued-for-review', { ...base, cause: 'submitted' }, s.ownerId)
      : ev(
          'library.resource.published',
          { ...base, visibility: fields.visibility, groupId: fields.groupId, churchId: fields.churchId ?? null },
          s.ownerId,
        );
  return [ev('library.resource.processed', { ...base, ...input }, s.ownerId), next];
};

const decideProcessingFailed = (s: ResourceState, reason: string): NewEvent[] => {
  if (!live(s) || s.stage !== 'processing') return [];
  return [ev('library.resource.processing-failed', { resourceId: s.resourceId, ownerId: s.ownerId, reason }, s.ownerId)];
};

export const OWN_UPLOAD_MESSAGE = 'You cannot review your own upload. Another moderator will review it.';

const reviewable = (s: ResourceState, moderatorId: string) => {
  if (!live(s)) throw notFound();
  if (s.ownerId === moderatorId) throw forbidden(OWN_UPLOAD_MESSAGE);
  if (s.stage !== 'in-review') throw conflict('This resource is not waiting for review (someone may have decided already).');
};

const decideApprove = (s: ResourceState, input: { moderatorId: string; decidedAt: string }): NewEvent[] => {
  reviewable(s, input.moderatorId);
  return [
    ev('library.resource.approved', { resourceId: s.resourceId, ownerId: s.ownerId, ...input, title: s.fields?.title ?? '' }, s.ownerId),
  ];
};

const decideReject = (s: ResourceState, input: { moderatorId: string; decidedAt: string; reason: string }): NewEvent[] => {
  reviewable(s, input.moderatorId);
  return [
    ev('library.resource.rejected', { resourceId: s.resourceId, ownerId: s.ownerId, ...input, title: s.fields?.title ?? '' }, s.ownerId),
  ];
};

export const OWN_REPORT_MESSAGE = 'You cannot report your own resource.';
export const ALREADY_REPORTED_MESSAGE = 'You have already reported this resource.';

/** One report per member; the report that reaches `threshold` distinct reporters sends the resource back to review. */
const decideReport = (s: ResourceState, input: { reporterId: string; reason: string; threshold: number }): NewEvent[] => {
  if (!live(s) || s.stage !== 'approved' || s.fields?.visibility !== 'public') throw notFound();
  if (s.ownerId === input.reporterId) throw forbidden(OWN_REPORT_MESSAGE);
  if (s.reporters.includes(input.reporterId)) throw conflict(ALREADY_REPORTED_MESSAGE);
  const base = { resourceId: s.resourceId, ownerId: s.ownerId };
  const events = [ev('library.resource.reported', { ...base, reporterId: input.reporterId, reason: input.reason }, s.ownerId)];
  if (s.reporters.length + 1 >= input.threshold)
    events.push(ev('library.resource.queued-for-review', { ...base, cause: 'reports' }, s.ownerId));
  return events;
};

const decideDownload = (s: ResourceState, userId: string): NewEvent[] =>
  live(s) ? [ev('library.resource.downloaded', { resourceId: s.resourceId, ownerId: s.ownerId, userId }, s.ownerId)] : [];

/** The owner deletes (or the system, when the owner's account is deleted). */
const decideDelete = (s: ResourceState, input: { userId: string; system?: boolean }): NewEvent[] => {
  if (!live(s)) {
    if (input.system) return [];
    throw notFound();
  }
  if (!input.system) ownedBy(s, input.userId);
  return [
    ev(
      'library.resource.deleted',
      { resourceId: s.resourceId, ownerId: s.ownerId, deletedBy: input.system ? 'system' : input.userId },
      s.ownerId,
    ),
  ];
};

/** Personal fields erased from the log when the owner's account is deleted. */
export const RESOURCE_PERSONAL_FIELDS = [
  'fields.title',
  'fields.description',
  'fields.tags',
  'file.fileName',
  'title',
  'reason',
  'excerpt',
] as const;

type FileResult = { pages: number | null; words: number; excerpt: string; storageKey: string };

/** What owners, moderators, readers and the processing job can ask of a resource. */
export type ResourceCommand =
  | { type: 'CreateResource'; resourceId: string; ownerId: string; fields: SubmissionFields; file: FileFacts; draft: boolean }
  | { type: 'UpdateDraft'; resourceId: string; userId: string; fields: Partial<SubmissionFields>; file?: FileFacts }
  | { type: 'SubmitDraft'; resourceId: string; userId: string; fields: SubmissionFields }
  | ({ type: 'RecordProcessed'; resourceId: string } & FileResult)
  | { type: 'RecordProcessingFailed'; resourceId: string; reason: string }
  | { type: 'ApproveResource'; resourceId: string; moderatorId: string; decidedAt: string }
  | { type: 'RejectResource'; resourceId: string; moderatorId: string; decidedAt: string; reason: string }
  | { type: 'ReportResource'; resourceId: string; reporterId: string; reason: string; threshold: number }
  | { type: 'RecordDownload'; resourceId: string; userId: string }
  | { type: 'DeleteResource'; resourceId: string; userId: string; system?: boolean };

/** The resource aggregate, one `resource-<id>` stream per resource; its state is kept as a snapshot in the stream head. */
export const resourceDecider: CommandDecider<ResourceCommand, ResourceState> = {
  name: 'resource',
  initialState: initialResourceState,
  evolve: evolveResource,
  decide: (c, s) => {
    switch (c.type) {
      case 'CreateResource':
        return decideCreate(s, c);
      case 'UpdateDraft':
        return decideUpdateDraft(s, c);
      case 'SubmitDraft':
        return decideSubmitDraft(s, c);
      case 'RecordProcessed':
        return decideProcessed(s, { pages: c.pages, words: c.words, excerpt: c.excerpt, storageKey: c.storageKey });
      case 'RecordProcessingFailed':
        return decideProcessingFailed(s, c.reason);
      case 'ApproveResource':
        return decideApprove(s, { moderatorId: c.moderatorId, decidedAt: c.decidedAt });
      case 'RejectResource':
        return decideReject(s, { moderatorId: c.moderatorId, decidedAt: c.decidedAt, reason: c.reason });
      case 'ReportResource':
        return decideReport(s, c);
      case 'RecordDownload':
        return decideDownload(s, c.userId);
      case 'DeleteResource':
        return decideDelete(s, c);
    }
  },
};
