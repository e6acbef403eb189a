import { type EventData, type EventTypesOf, errorCodes, invitationMessages, memberImportMessages, Refusal } from '@abide/contracts';
import type { CommandDecider, NewEvent, StoredEvent } from '@abide/event-store';

export type ImportCounts = EventData<'identity.member-import.completed'>['counts'];

/** The import as its stream tells it: whose, where it is, and which of its invitations were noticed and accepted. */
export interface MemberImportState {
  exists: boolean;
  importId: string;
  churchId: string;
  startedBy: string;
  fileName: string;
  rowCount: number;
  startedAt: string;
  status: 'running' | 'done' | 'failed' | 'undone';
  counts: ImportCounts | null;
  finishedAt: string | null;
  undoneAt: string | null;
  failure: string | null;
  /** Invitations to account holders whose join notice was recorded (a retried batch records none twice). */
  noticed: Set<string>;
  /** Invitations accepted: each once, and undo is refused once there is one. */
  accepted: Set<string>;
}

const emptyImport = (): MemberImportState => ({
  exists: false,
  importId: '',
  churchId: '',
  startedBy: '',
  fileName: '',
  rowCount: 0,
  startedAt: '',
  status: 'running',
  counts: null,
  finishedAt: null,
  undoneAt: null,
  failure: null,
  noticed: new Set(),
  accepted: new Set(),
});

const evolve = (s: MemberImportState, event: StoredEvent): MemberImportState => {
  switch (event.type) {
    case 'identity.member-import.started': {
      const d = event.data;
      return { ...s, exists: true, importId: d.importId, churchId: d.churchId, startedBy: d.startedBy, fileName: d.fileName, rowCount: d.rowCount, startedAt: event.occurredAt };
    }
    case 'identity.member-import.member-invited':
      return { ...s, noticed: new Set(s.noticed).add(event.data.invitationId) };
    case 'identity.member-import.completed':
      return { ...s, status: 'done', counts: event.data.counts, finishedAt: event.occurredAt };
    case 'identity.member-import.failed':
      return { ...s, status: 'failed', failure: event.data.reason, finishedAt: event.occurredAt };
    case 'identity.member-import.undone':
      return { ...s, status: 'undone', undoneAt: event.occurredAt };
    case 'identity.member-import.invitation-accepted':
      return { ...s, accepted: new Set(s.accepted).add(event.data.invitationId) };
    default:
      return s;
  }
};

export interface AccountHolderInvited {
  invitationId: string;
  userId: string;
  churchName: string;
  expiresAt: string;
}

/** What can happen to an import, as data (the import's stream is `member-import-{importId}`). */
export type MemberImportCommand =
  | ({ type: 'StartImport' } & EventData<'identity.member-import.started'>)
  /** Join notices for account holders the import invited (a batch; retried batches notice none twice). */
  | { type: 'RecordNotices'; importId: string; invited: readonly AccountHolderInvited[] }
  | { type: 'CompleteImport'; importId: string; counts: ImportCounts }
  | { type: 'FailImport'; importId: string; reason: string }
  | { type: 'UndoImport'; importId: string; by: string }
  | { type: 'AcceptInvitation'; importId: string; invitationId: string; userId: string; groupId: string | null; now: Date };

type ImportEventType = EventTypesOf<'identity.member-import.'>;
const ev = <T extends ImportEventType>(type: T, data: EventData<T>, subjectId: string | null): NewEvent => ({ type, data, subjectId }) as NewEvent;

/** Whether an admin may undo now: finished (done or failed), not undone, and none of its invitations accepted. */
export const canUndo = (s: MemberImportState): boolean => (s.status === 'done' || s.status === 'failed') && s.accepted.size === 0;

const undo = (s: MemberImportState, by: string): NewEvent[] => {
  if (!s.exists) throw new Refusal(errorCodes.notFound, memberImportMessages.notFound);
  if (s.status === 'undone') throw new Refusal(errorCodes.conflict, memberImportMessages.alreadyUndone);
  if (s.status === 'running') throw new Refusal(errorCodes.conflict, memberImportMessages.undoNotFinished);
  if (s.accepted.size > 0) throw new Refusal(errorCodes.conflict, memberImportMessages.undoUsed(s.accepted.size));
  return [ev('identity.member-import.undone', { importId: s.importId, churchId: s.churchId, undoneBy: by }, by)];
};

/**
 * Accepting is once per invitation and never after an undo (the stream decides, so a race with undo or with another
 * acceptance has one winner). The invitation's page checks the same first; these refusals answer the loser of a race.
 */
const accept = (s: MemberImportState, c: Extract<MemberImportCommand, { type: 'AcceptInvitation' }>): NewEvent[] => {
  if (!s.exists) throw new Refusal(errorCodes.notFound, invitationMessages.unknown);
  if (s.status === 'undone') throw new Refusal(errorCodes.invalidLink, invitationMessages.withdrawn);
  if (s.accepted.has(c.invitationId)) throw new Refusal(errorCodes.invalidLink, invitationMessages.used);
  return [
    ev(
      'identity.member-import.invitation-accepted',
      { importId: s.importId, churchId: s.churchId, invitationId: c.invitationId, userId: c.userId, groupId: c.groupId, acceptedAt: c.now.toISOString() },
      c.userId,
    ),
  ];
};

const decideImport = (c: MemberImportCommand, s: MemberImportState): NewEvent[] => {
  switch (c.type) {
    case 'StartImport': {
      const { type: _command, ...started } = c;
      return s.exists ? [] : [ev('identity.member-import.started', started, c.startedBy)];
    }
    case 'RecordNotices':
      // Each once, naming the admin who started the import; none once the import stopped running (an undo wins).
      return s.status !== 'running'
        ? []
        : c.invited
            .filter((i) => !s.noticed.has(i.invitationId))
            .map((i) => ev('identity.member-import.member-invited', { importId: s.importId, churchId: s.churchId, ...i, invitedBy: s.startedBy }, i.userId));
    case 'CompleteImport':
      return s.status === 'running' ? [ev('identity.member-import.completed', { importId: s.importId, churchId: s.churchId, counts: c.counts }, null)] : [];
    case 'FailImport':
      return s.status === 'running'
        ? [ev('identity.member-import.failed', { importId: s.importId, churchId: s.churchId, reason: c.reason.slice(0, 500) }, null)]
        : [];
    case 'UndoImport':
      return undo(s, c.by);
    case 'AcceptInvitation':
      return accept(s, c);
  }
};

/** One stream per import (`member-import-{id}`); its head's snapshot makes every decision one keyed read. */
export const memberImportDecider: CommandDecider<MemberImportCommand, MemberImportState> = {
  name: 'member-import',
  stateVersion: 1,
  initialState: emptyImport,
  evolve,
  decide: decideImport,
};
