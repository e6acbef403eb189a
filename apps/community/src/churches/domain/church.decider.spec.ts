import { churchMessages, errorCodes } from '@abide/contracts';
import type { NewEvent, StoredEvent } from '@abide/event-store';
import {
  type ChurchState,
  decideCreate,
  decideDeparture,
  decideJoinByCode,
  decideJoinByInvitation,
  decideLeave,
  decideNewCode,
  decideOnRequest,
  decideRemove,
  decideRequest,
  decideRole,
  decideUpdate,
  foldChurch,
  isOpen,
  roleIn,
} from './church.decider';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 9, minute));
let version = 0;
const stored = (events: NewEvent[]): StoredEvent[] =>
  events.map((e) => ({ ...e, version: ++version, id: `e${version}`, streamId: 'church-c1', occurredAt: at(version).toISOString() }) as unknown as StoredEvent);
const after = (...batches: NewEvent[][]): ChurchState => foldChurch(stored(batches.flat()));

const created = () =>
  decideCreate(foldChurch([]), {
    churchId: 'c1',
    slug: 'grace',
    name: 'Grace',
    welcome: 'Welcome',
    primaryColor: '#0f766e',
    timeZone: 'Europe/London',
    joinCode: 'ABCDEFGH',
    createdBy: 'founder',
    now: at(0),
  });
const joined = (s: ChurchState, userId: string, minute: number) => decideJoinByCode(s, userId, 'ABCDEFGH', at(minute));
const refusal = (code: string, message?: string) => expect.objectContaining(message ? { code, message } : { code });

describe('a church', () => {
  it('makes its creator its first admin', () => {
    const s = after(created());
    expect(isOpen(s)).toBe(true);
    expect(roleIn(s, 'founder')).toBe('admin');
  });

  it('lets a member join by the current code only; a replaced code stops working', () => {
    const start = created();
    const s = after(start);
    const anna = joined(s, 'anna', 1);
    expect(anna.map((e) => e.type)).toEqual(['community.church.member-joined']);
    const renewed = decideNewCode(after(start, anna), 'founder', 'JKMNPQRS');
    const now = after(start, anna, renewed);
    expect(() => decideJoinByCode(now, 'ben', 'ABCDEFGH', at(2))).toThrow(refusal(errorCodes.notFound, churchMessages.codeUnknown));
    expect(decideJoinByCode(now, 'ben', 'JKMNPQRS', at(2))).toHaveLength(1);
    expect(() => decideJoinByCode(now, 'anna', 'JKMNPQRS', at(2))).toThrow(refusal(errorCodes.conflict, churchMessages.alreadyMember));
  });

  it('takes requests that only admins decide; joining by code settles a pending request', () => {
    const start = created();
    const asked = decideRequest(after(start), 'ruth', 'r1');
    const s = after(start, asked);
    expect(() => decideRequest(s, 'ruth', 'r2')).toThrow(refusal(errorCodes.conflict, churchMessages.alreadyRequested));
    const anna = joined(s, 'anna', 3);
    const withAnna = after(start, asked, anna);
    expect(() => decideOnRequest(withAnna, 'anna', 'r1', true, at(4))).toThrow(refusal(errorCodes.forbidden, churchMessages.adminsOnly));
    expect(() => decideOnRequest(withAnna, 'stranger', 'r1', true, at(4))).toThrow(refusal(errorCodes.forbidden, churchMessages.membersOnly));
    const approved = decideOnRequest(withAnna, 'founder', 'r1', true, at(4));
    expect(approved.map((e) => e.type)).toEqual(['community.church.join-request-approved', 'community.church.member-joined']);
    expect(decideJoinByCode(s, 'ruth', 'ABCDEFGH', at(5)).map((e) => e.type)).toEqual([
      'community.church.join-request-withdrawn',
      'community.church.member-joined',
    ]);
  });

  it('always keeps an admin: the only admin cannot leave or step down while others remain', () => {
    const start = created();
    const anna = joined(after(start), 'anna', 1);
    const s = after(start, anna);
    expect(() => decideLeave(s, 'founder')).toThrow(refusal(errorCodes.conflict, churchMessages.lastAdminLeaves));
    expect(() => decideRole(s, 'founder', 'founder', 'member')).toThrow(refusal(errorCodes.conflict, churchMessages.lastAdminDemoted));
    expect(decideLeave(s, 'anna')).toHaveLength(1);
    expect(() => decideLeave(s, 'stranger')).toThrow(refusal(errorCodes.forbidden, churchMessages.notMember));
    const promoted = decideRole(s, 'founder', 'anna', 'admin');
    const two = after(start, anna, promoted);
    expect(decideLeave(two, 'founder')).toHaveLength(1);
    expect(decideRole(two, 'founder', 'founder', 'member')).toHaveLength(1);
  });

  it('closes when its last member leaves', () => {
    const start = created();
    const left = decideLeave(after(start), 'founder');
    expect(isOpen(after(start, left))).toBe(false);
  });

  it('lets admins remove anyone but themselves, other admins included', () => {
    const start = created();
    const anna = joined(after(start), 'anna', 1);
    const promoted = decideRole(after(start, anna), 'founder', 'anna', 'admin');
    const s = after(start, anna, promoted);
    expect(() => decideRemove(s, 'founder', 'founder')).toThrow(refusal(errorCodes.conflict, churchMessages.removeSelf));
    expect(decideRemove(s, 'anna', 'founder')[0]).toMatchObject({ type: 'community.church.member-removed', data: { removedBy: 'anna' } });
    expect(() => decideRemove(s, 'anna', 'nobody')).toThrow(refusal(errorCodes.notFound));
  });

  it('records only the settings that changed, and only from admins', () => {
    const s = after(created());
    expect(decideUpdate(s, 'founder', { name: 'Grace', welcome: 'Hello' })[0].data).toEqual({ churchId: 'c1', updatedBy: 'founder', welcome: 'Hello' });
    expect(decideUpdate(s, 'founder', { name: 'Grace' })).toEqual([]);
    expect(() => decideUpdate(s, 'stranger', { name: 'Mine' })).toThrow(refusal(errorCodes.forbidden));
  });

  it('on account deletion hands an only admin’s church to the longest-standing member', () => {
    const start = created();
    const anna = joined(after(start), 'anna', 1);
    const ben = joined(after(start, anna), 'ben', 2);
    const s = after(start, anna, ben);
    const events = decideDeparture(s, 'founder');
    expect(events.map((e) => [e.type, (e.data as { userId: string }).userId])).toEqual([
      ['community.church.member-role-changed', 'anna'],
      ['community.church.member-removed', 'founder'],
    ]);
    expect(events[0].data).toMatchObject({ role: 'admin', changedBy: 'system' });
    expect(decideDeparture(s, 'ben').map((e) => e.type)).toEqual(['community.church.member-removed']);
    expect(decideDeparture(s, 'stranger')).toEqual([]);
  });
});

describe(decideJoinByInvitation.name, () => {
  it('makes the invited person a member once, withdrawing a request they had waiting; closed churches and members stay as they are', () => {
    const open = after(created());
    const requested = decideRequest(open, 'lydia', 'r1');
    const waiting = after(created(), requested);

    const sut = decideJoinByInvitation(waiting, 'lydia', at(5));

    expect(sut.map((e) => e.type)).toEqual(['community.church.join-request-withdrawn', 'community.church.member-joined']);
    expect(sut[1].data).toMatchObject({ userId: 'lydia', role: 'member', via: 'invitation' });
    expect(decideJoinByInvitation(after(created(), requested, sut), 'lydia', at(6))).toEqual([]);
    expect(decideJoinByInvitation(foldChurch([]), 'lydia', at(6))).toEqual([]);
  });
});
