import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MONGO_CONNECTION } from '@abide/platform';
import type { Connection } from 'mongoose';
import { v7 as uuidv7 } from 'uuid';
import { MemberActivityStore } from '../src/activity/projections/member-activity.store';
import { ChurchCommands } from '../src/churches/commands/church.commands';
import { ChurchDashboardQueries } from '../src/churches/dashboard/church-dashboard.queries';
import { GroupCommands } from '../src/groups/commands/group.commands';
import { GroupQueries } from '../src/groups/group.queries';
import { MemberSharing } from '../src/memberships/member-sharing';
import { MembershipCommands } from '../src/memberships/membership.commands';
import { CommunityMigrations } from '../src/community.migration';
import { envelope, startCommunity } from './community-app.stub';
import { ActivityEvents } from '../src/member-events/activity-events';

// The one-time move of each member's single sharing choice onto every group and church they belong to (#26).
const clock = { now: new Date('2026-03-04T15:00:00Z') };
const meta = { correlationId: 'test' };
let replicas: NestFastifyApplication[];
let db: Connection;
const one = () => replicas[0];

/** A person as identity announced them before this release: only their name, the old choice is set below. */
const person = async (name: string) => {
  const userId = uuidv7();
  const registered = { userId, name, email: `${userId}@example.com`, roles: ['user'], registeredAt: clock.now.toISOString() };
  const handlers = one().get(ActivityEvents).identity as Record<string, (e: ReturnType<typeof envelope>) => Promise<void>>;
  await handlers['identity.user.registered'](envelope('identity.user.registered', `user-${userId}`, 1, registered, userId));
  return userId;
};
/** The old single choice as the release before kept it on the person (written directly: nothing moves it then). */
const choseBefore = (userId: string, shares: boolean) => one().get(MemberActivityStore).sharing(userId, 2, shares);

const sharingEvents = async (userId: string) =>
  db.collection('events').countDocuments({
    subjectId: userId,
    type: { $in: ['community.group.member-sharing-changed', 'community.church.member-sharing-changed'] },
  });
const choices = async (userId: string) => {
  const mine = await one().get(MemberSharing).mine(userId);
  return Object.fromEntries([...mine.groups, ...mine.churches].map((m) => [m.name, m.shares]));
};
/** Community's one-time steps as each replica runs them at start (the others are marked done already). */
const runMove = () => Promise.all(replicas.map((app) => app.get(CommunityMigrations).onApplicationBootstrap()));
/** The marker the release before wrote, word for word: a database already past the move never runs it again. */
const SHARING_MOVE_MARKER = 'share-progress-per-membership';

beforeAll(async () => {
  const database = `abide_test_community_sharing_move_${uuidv7().slice(-12)}`;
  replicas = [];
  for (let i = 0; i < 3; i += 1) replicas.push(await startCommunity(clock, { MONGO_DB: database }));
  db = one().get<Connection>(MONGO_CONNECTION);
}, 120_000);
afterAll(async () => {
  await db.dropDatabase();
  for (const app of replicas) await app.close();
});

it('shares with every current group and church of a member who had said yes, with none of the others, once across three replicas', async () => {
  const [pastor, lydia, phoebe, junia] = [
    await person('Pastor Paul'),
    await person('Lydia'),
    await person('Phoebe'),
    await person('Junia'),
  ];
  const churches = one().get(ChurchCommands);
  const groups = one().get(GroupCommands);
  const memberships = one().get(MembershipCommands);
  const churchId = await churches.create(
    pastor,
    { name: 'Philippi', slug: `philippi-${uuidv7().slice(-8)}`, primaryColor: '#1e3a8a', welcome: '', timeZone: 'UTC' },
    meta,
  );
  const code = (await churches.load(churchId)).joinCode;
  const riverside = await groups.create(pastor, { name: 'Riverside', description: '', isPublic: true, meeting: null, churchId }, meta);
  const purple = await groups.create(
    await person('Euodia'),
    { name: 'Purple sellers', description: '', isPublic: true, meeting: null },
    meta,
  );
  for (const member of [lydia, phoebe, junia]) {
    await churches.joinByCode(member, code, meta);
    await groups.join(member, riverside, meta);
    await groups.join(member, purple, meta);
  }
  await choseBefore(lydia, true);
  await choseBefore(phoebe, false);
  // Junia never chose: not sharing, as before.
  // The start that brought this release ran the move on an empty database; this database is the one being upgraded.
  await db.collection('community_migrations').deleteMany({ _id: SHARING_MOVE_MARKER as never });

  await runMove();

  expect(await choices(lydia)).toEqual({ Riverside: true, 'Purple sellers': true, Philippi: true });
  expect(await choices(phoebe)).toEqual({ Riverside: false, 'Purple sellers': false, Philippi: false });
  expect(await choices(junia)).toEqual({ Riverside: false, 'Purple sellers': false, Philippi: false });
  // One event per membership, whichever replica ran it; nothing for the others.
  expect(await sharingEvents(lydia)).toBe(3);
  expect(await sharingEvents(phoebe)).toBe(0);
  expect(await sharingEvents(junia)).toBe(0);
  expect(await db.collection('community_migrations').findOne({ _id: SHARING_MOVE_MARKER as never })).not.toBeNull();
  // What leaders and the pastor see follows: Lydia alone among the three.
  const dashboard = await one().get(GroupQueries).dashboard(pastor, riverside);
  expect(dashboard.members.filter((m) => m.sharesProgress).map((m) => m.name)).toEqual(['Lydia']);
  expect(await one().get(ChurchDashboardQueries).dashboard(pastor, churchId)).toMatchObject({ members: 4, sharingMembers: 1 });

  // Lydia then stops sharing with one group; a later run (the marker gone, as in a rollout's next start) keeps her no.
  await memberships.share('group', lydia, purple, false, meta);
  await db.collection('community_migrations').deleteMany({ _id: SHARING_MOVE_MARKER as never });
  await runMove();
  expect(await choices(lydia)).toEqual({ Riverside: true, 'Purple sellers': false, Philippi: true });
  expect(await sharingEvents(lydia)).toBe(4);
}, 120_000);
