import { errorCodes, invitationMessages, memberImportMessages } from '@abide/contracts';
import type { NewEvent } from '@abide/event-store';
import { deciderSpec } from '@abide/event-store/src/testing/decider-specification';
import { invitationStateOf } from './invitation-state';
import { memberImportDecider } from './member-import.decider';

const { given } = deciderSpec(memberImportDecider);
const counts = { created: 2, invited: 1, alreadyMember: 0, alreadyInvited: 0, refused: 1 };
const now = new Date('2026-11-02T10:00:00Z');
const ids = { importId: 'i1', churchId: 'c1' };

const started: NewEvent = {
  type: 'identity.member-import.started',
  subjectId: 'admin',
  data: { ...ids, startedBy: 'admin', fileName: 'list.csv', rowCount: 4 },
};
const completed: NewEvent = { type: 'identity.member-import.completed', subjectId: null, data: { ...ids, counts } };
const undone: NewEvent = { type: 'identity.member-import.undone', subjectId: 'admin', data: { ...ids, undoneBy: 'admin' } };
const accepted = (invitationId: string): NewEvent => ({
  type: 'identity.member-import.invitation-accepted',
  subjectId: `u-${invitationId}`,
  data: { ...ids, invitationId, userId: `u-${invitationId}`, groupId: null, acceptedAt: now.toISOString() },
});
const accept = (invitationId: string) =>
  ({ type: 'AcceptInvitation', importId: 'i1', invitationId, userId: `u-${invitationId}`, groupId: null, now }) as const;
const undo = { type: 'UndoImport', importId: 'i1', by: 'admin' } as const;

describe('member import decider', () => {
  it('starts an import once', () => {
    const start = { type: 'StartImport', ...ids, startedBy: 'admin', fileName: 'list.csv', rowCount: 4 } as const;
    given([]).when(start).then([started]);
    given([started]).when(start).thenNothing();
  });

  it('completes or fails a running import once, with the reason cut to 500 characters', () => {
    given([started]).when({ type: 'CompleteImport', importId: 'i1', counts }).then([completed]);
    given([started, completed]).when({ type: 'CompleteImport', importId: 'i1', counts }).thenNothing();
    given([started])
      .when({ type: 'FailImport', importId: 'i1', reason: 'x'.repeat(600) })
      .then([{ type: 'identity.member-import.failed', subjectId: null, data: { ...ids, reason: 'x'.repeat(500) } }]);
    given([started, completed]).when({ type: 'FailImport', importId: 'i1', reason: 'late' }).thenNothing();
  });

  it('records each join notice once, naming the admin who started the import, and none once the import stopped running', () => {
    const notice = { invitationId: 'inv3', userId: 'u3', churchName: 'Grace', expiresAt: '2026-11-15T09:00:00.000Z' };
    const invited: NewEvent = { type: 'identity.member-import.member-invited', subjectId: 'u3', data: { ...ids, ...notice, invitedBy: 'admin' } };
    const record = { type: 'RecordNotices', importId: 'i1', invited: [notice] } as const;
    given([started]).when(record).then([invited]);
    given([started, invited]).when(record).thenNothing();
    given([started, completed]).when(record).thenNothing();
  });

  it('is undone once finished while no invitation was accepted, and only once', () => {
    given([started, completed]).when(undo).then([undone]);
    given([started, { type: 'identity.member-import.failed', subjectId: null, data: { ...ids, reason: 'x' } }]).when(undo).then([undone]);
    given([]).when(undo).thenThrows(errorCodes.notFound, memberImportMessages.notFound);
    given([started]).when(undo).thenThrows(errorCodes.conflict, memberImportMessages.undoNotFinished);
    given([started, completed, undone]).when(undo).thenThrows(errorCodes.conflict, memberImportMessages.alreadyUndone);
    given([started, completed, accepted('inv1')]).when(undo).thenThrows(errorCodes.conflict, memberImportMessages.undoUsed(1));
  });

  it('accepts each invitation once and never after an undo: the loser of a race hears what the link would say', () => {
    given([started, completed]).when(accept('inv1')).then([accepted('inv1')]);
    given([started, completed, accepted('inv1')]).when(accept('inv2')).then([accepted('inv2')]);
    given([started, completed, accepted('inv1')]).when(accept('inv1')).thenThrows(errorCodes.invalidLink, invitationMessages.used);
    given([started, completed, undone]).when(accept('inv2')).thenThrows(errorCodes.invalidLink, invitationMessages.withdrawn);
    given([]).when(accept('inv1')).thenThrows(errorCodes.notFound, invitationMessages.unknown);
  });
});

describe(invitationStateOf.name, () => {
  const at = new Date('2026-11-10T12:00:00Z');
  it('is accepted, withdrawn (undone), expired or pending, in that order', () => {
    expect(invitationStateOf({ acceptedAt: at, expiresAt: new Date('2026-11-01') }, true, at)).toBe('accepted');
    expect(invitationStateOf({ acceptedAt: null, expiresAt: new Date('2026-11-20') }, true, at)).toBe('withdrawn');
    expect(invitationStateOf({ acceptedAt: null, expiresAt: at }, false, at)).toBe('expired');
    expect(invitationStateOf({ acceptedAt: null, expiresAt: new Date('2026-11-20') }, false, at)).toBe('pending');
  });
});
