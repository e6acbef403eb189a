import { memberImportMessages } from '@abide/contracts';
import type { NewEvent, StoredEvent } from '@abide/event-store';
import { invitationStateOf } from './invitation-state';
import {
  decideAccept,
  decideComplete,
  decideNotices,
  decideStart,
  decideUndo,
  InvitationUnusable,
  memberImportDecider,
  type MemberImportState,
} from './member-import.decider';

let version = 0;
const fold = (...batches: NewEvent[][]): MemberImportState =>
  batches
    .flat()
    .map((e) => ({ ...e, version: ++version, streamId: 'member-import-i1', occurredAt: new Date(Date.UTC(2026, 10, 1, 9, version)).toISOString() }) as unknown as StoredEvent)
    .reduce(memberImportDecider.evolve, memberImportDecider.initialState());

const counts = { created: 2, invited: 1, alreadyMember: 0, alreadyInvited: 0, refused: 1 };
const started = () => decideStart(fold(), { importId: 'i1', churchId: 'c1', startedBy: 'admin', fileName: 'list.csv', rowCount: 4 });
const accept = (invitationId: string) => ({ invitationId, userId: `u-${invitationId}`, groupId: null, now: new Date('2026-11-02T10:00:00Z') });

describe('a member import', () => {
  it('can be undone once finished while no invitation was accepted, and only once', () => {
    const running = fold(started());
    expect(() => decideUndo(running, 'admin')).toThrow(memberImportMessages.undoNotFinished);
    const done = fold(started(), decideComplete(running, counts));

    const undone = decideUndo(done, 'admin');

    expect(undone.map((e) => e.type)).toEqual(['identity.member-import.undone']);
    expect(() => decideUndo(fold(started(), decideComplete(running, counts), undone), 'admin')).toThrow(memberImportMessages.alreadyUndone);
  });

  it('accepts each invitation once, refuses undo after one was accepted, and never accepts after an undo', () => {
    const done = fold(started(), decideComplete(fold(started()), counts));
    const accepted = decideAccept(done, accept('inv1'));
    const afterAccept = fold(started(), decideComplete(fold(started()), counts), accepted);

    expect(() => decideAccept(afterAccept, accept('inv1'))).toThrow(new InvitationUnusable('used'));
    expect(() => decideUndo(afterAccept, 'admin')).toThrow(memberImportMessages.undoUsed(1));
    const undone = fold(started(), decideComplete(fold(started()), counts), decideUndo(done, 'admin'));
    expect(() => decideAccept(undone, accept('inv2'))).toThrow(new InvitationUnusable('withdrawn'));
  });

  it('records each join notice once, naming the admin who started the import, and none once the import stopped running', () => {
    const notice = { invitationId: 'inv3', userId: 'u3', churchName: 'Grace', expiresAt: '2026-11-15T09:00:00.000Z' };
    const first = decideNotices(fold(started()), [notice]);

    expect(first).toHaveLength(1);
    expect(first[0].data).toEqual({ importId: 'i1', churchId: 'c1', ...notice, invitedBy: 'admin' });
    expect(decideNotices(fold(started(), first), [notice])).toEqual([]);
    expect(decideNotices(fold(started(), decideComplete(fold(started()), counts)), [notice])).toEqual([]);
  });
});

describe(invitationStateOf.name, () => {
  const now = new Date('2026-11-10T12:00:00Z');
  it('is accepted, withdrawn (undone), expired or pending, in that order', () => {
    expect(invitationStateOf({ acceptedAt: now, expiresAt: new Date('2026-11-01') }, true, now)).toBe('accepted');
    expect(invitationStateOf({ acceptedAt: null, expiresAt: new Date('2026-11-20') }, true, now)).toBe('withdrawn');
    expect(invitationStateOf({ acceptedAt: null, expiresAt: now }, false, now)).toBe('expired');
    expect(invitationStateOf({ acceptedAt: null, expiresAt: new Date('2026-11-20') }, false, now)).toBe('pending');
  });
});
