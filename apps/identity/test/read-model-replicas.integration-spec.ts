// Identity's read models written by two replicas at once: two connections to one database, each with its own store
// and projections. A member's (or an import's) events are written through the command handlers with no read model
// fed, then handed to both replicas concurrently in a shuffled order (or each stream's last event first), and the
// views must end exactly as one replica applying them one at a time made them.
import { CommandRunner, EventStore, type Projection, ProjectionRunner, type StoredEvent } from '@abide/event-store';
import { connectTestDatabase, dropTestDatabase, uniqueName } from '@abide/messaging/src/testing/test-engines';
import { newPhoneNumber } from '@abide/testing';
import type { Connection } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';
import { UserProjection } from '../src/accounts/projections/user.projection';
import { UserStream, userStreamId } from '../src/accounts/user-stream.commands';
import { ImportStream, importStreamId } from '../src/member-imports/import-stream.commands';
import { MemberImportProjection } from '../src/member-imports/projections/member-import.projection';

const meta = { correlationId: 'replicas' };

const replica = (connection: Connection) => {
  const store = new EventStore(connection, { service: 'identity' });
  const users = new UserProjection(connection, store);
  const imports = new MemberImportProjection(connection, store);
  // The projections as the runner sees them: fed any stored event they handle.
  return { store, users, imports, feedUsers: users as Projection, feedImports: imports as Projection };
};

const shuffled = <T>(items: readonly T[]): T[] => {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
};

/** Every event handed to one of the two replicas, all at once, in a shuffled order. */
const throughTwoReplicas = (events: readonly StoredEvent[], a: Projection, b: Projection) =>
  Promise.all(shuffled(events).map((event, i) => (i % 2 ? a : b).apply(event)));

/** The stream's last event first, then every event again from the start: what a slow replica and a heal could do. */
const laterFirst = async (events: readonly StoredEvent[], projection: Projection) => {
  const last = events.at(-1);
  if (last) await projection.apply(last);
  for (const event of events) await projection.apply(event);
};

describe("identity's read models with two replicas", () => {
  let one: Connection;
  let two: Connection;
  let a: ReturnType<typeof replica>;
  let b: ReturnType<typeof replica>;
  let users: UserStream;
  let imports: ImportStream;

  beforeAll(async () => {
    one = await connectTestDatabase(uniqueName('identity_replicas'));
    two = await connectTestDatabase(one.name);
    a = replica(one);
    b = replica(two);
    await a.store.init();
    // Commands write the log only: the read models are fed by the test.
    const runner = new CommandRunner(a.store, new ProjectionRunner(a.store, []), { kick: () => undefined });
    users = new UserStream(runner, a.store);
    imports = new ImportStream(runner, a.store);
  });

  afterAll(async () => {
    await two.close();
    await dropTestDatabase(one);
  });

  /**
   * A member whose view every kind of event touches: confirmed, renamed, onboarded with texts at one number, moved to
   * another with texts again, STOP and START from it, two-factor on with a code used and codes renewed, a role.
   */
  const busyMember = async () => {
    const userId = uuidv7();
    const [first, second] = [newPhoneNumber().e164, newPhoneNumber().e164];
    const now = new Date('2026-11-20T09:00:00Z');
    await users.handle({ type: 'RegisterUser', userId, name: 'Lydia', email: `${userId}@example.com`, now }, meta);
    await users.handle({ type: 'ConfirmEmail', userId, now }, meta);
    await users.handle({ type: 'RenameUser', userId, name: 'Lydia of Thyatira' }, meta);
    await users.handle(
      {
        type: 'CompleteOnboarding',
        userId,
        name: 'Lydia',
        spiritualGoals: ['Deeper prayer life'],
        connectionPreferences: ['prayer'],
        reminderFrequency: 'daily',
        phoneNumber: first,
        timeZone: 'America/New_York',
        smsOptIn: true,
        now,
      },
      meta,
    );
    await users.handle(
      { type: 'ChangeSettings', userId, settings: { phoneNumber: second, reminderFrequency: 'weekly' }, phoneAfter: second, wantsSms: true, now },
      meta,
    );
    await users.handle({ type: 'AnswerSmsReply', userId, from: second, keyword: 'stop', now }, meta);
    await users.handle({ type: 'AnswerSmsReply', userId, from: second, keyword: 'start', now }, meta);
    await users.handle({ type: 'EnableTwoFactor', userId, recoveryCodes: 10, now }, meta);
    await users.handle({ type: 'UseRecoveryCode', userId, remaining: 9, now }, meta);
    await users.handle({ type: 'RenewRecoveryCodes', userId, recoveryCodes: 10, now }, meta);
    await users.handle({ type: 'ChangeRoles', userId, grant: 'moderator', by: 'operator' }, meta);
    return { userId, numbers: [first, second], events: await a.store.load(userStreamId(userId)) };
  };

  const snapshotOf = async (userId: string, numbers: readonly string[]) => ({
    view: await a.users.model.findById(userId).lean(),
    texting: await Promise.all(numbers.map(async (n) => (await a.users.membersTextingFrom(n)).includes(userId))),
  });

  const forget = async (userId: string, numbers: readonly string[]) => {
    await a.users.model.deleteOne({ _id: userId });
    for (const n of numbers) await a.users.smsNumbers.deleteOne({ _id: n });
  };

  it("ends a member's view and text numbers as one replica in order makes them, whatever the order the two see", async () => {
    const { userId, numbers, events } = await busyMember();
    for (const event of events) await a.feedUsers.apply(event);
    const expected = await snapshotOf(userId, numbers);
    // Texts from the second number find the member; the first number was left when the member moved.
    expect(expected.texting).toEqual([false, true]);
    expect(expected.view).toMatchObject({ name: 'Lydia', smsNumber: numbers[1], reminderFrequency: 'weekly', recoveryCodesLeft: 10, roles: ['user', 'moderator'] });

    for (let round = 0; round < 3; round++) {
      await forget(userId, numbers);
      await throughTwoReplicas(events, a.users, b.users);
      expect(await snapshotOf(userId, numbers)).toEqual(expected);
    }
    await forget(userId, numbers);
    await laterFirst(events, b.users);
    expect(await snapshotOf(userId, numbers)).toEqual(expected);
  });

  it('keeps a deleted member deleted however late an earlier event comes, with no number left listing them', async () => {
    const { userId, numbers } = await busyMember();
    await users.handle({ type: 'DeleteUser', userId, now: new Date() }, meta);
    const events = await a.store.load(userStreamId(userId));

    for (let round = 0; round < 3; round++) {
      await forget(userId, numbers);
      await throughTwoReplicas(events, a.users, b.users);
      // Then an earlier event again, as a heal after a crash would hand it.
      await b.feedUsers.apply(events[3]);
      expect(await a.users.findById(userId)).toBeNull();
      expect(await snapshotOf(userId, numbers)).toEqual({ view: { _id: userId, deleted: true, version: events.length }, texting: [false, false] });
    }
  });

  it("counts each acceptance of an import's invitations once, whatever the order the two replicas see", async () => {
    const importId = uuidv7();
    await imports.handle({ type: 'StartImport', importId, churchId: uuidv7(), startedBy: 'admin', fileName: 'list.csv', rowCount: 9 }, meta);
    await imports.handle({ type: 'RecordNotices', importId, invited: [{ invitationId: 'n1', userId: 'u9', churchName: 'Grace', expiresAt: '2026-12-01T00:00:00.000Z' }] }, meta);
    await imports.handle({ type: 'CompleteImport', importId, counts: { created: 6, invited: 3, alreadyMember: 0, alreadyInvited: 0, refused: 0 } }, meta);
    for (const invitationId of ['i1', 'i2', 'i3', 'i4', 'i5', 'i6']) {
      await imports.handle({ type: 'AcceptInvitation', importId, invitationId, userId: `u-${invitationId}`, groupId: null, now: new Date() }, meta);
    }
    const events = (await a.store.load(importStreamId(importId))).filter((e) => a.feedImports.handles.includes(e.type));
    for (const event of events) await a.feedImports.apply(event);
    const expected = await a.imports.find(importId);
    expect(expected).toMatchObject({ status: 'done', accepted: 6 });

    for (let round = 0; round < 3; round++) {
      await a.imports.views.deleteOne({ _id: importId });
      await throughTwoReplicas(events, a.imports, b.imports);
      expect(await a.imports.find(importId)).toEqual(expected);
    }
    await a.imports.views.deleteOne({ _id: importId });
    await laterFirst(events, b.imports);
    expect(await a.imports.find(importId)).toEqual(expected);
  });
});
