// The pastor's dashboard of St. Mark's (docs/churches.md) on real activity: two more members join the church and its
// group, one who shares their progress and keeps a habit through the past week, one who does not; every member of the
// group checks in today and the group's meeting is rated. Everything goes through the public API and is safe to run
// again (a check-in on a day already checked in decides nothing; people, habits and ratings are made once).
import { ensureOnboarded, expectOk, memberSession, request } from './api.mjs';

const samuel = { name: 'Samuel Mensah', email: 'samuel@abide.local', password: 'a lamp unto my feet' };
const miriam = { name: 'Miriam Cole', email: 'miriam@abide.local', password: 'quiet waters restore' };
const DAY_MS = 86_400_000;

/** UTC dates of the last `days` days before today: inside any member's check-in window whatever their zone. */
const pastDays = (days) => Array.from({ length: days }, (_, i) => new Date(Date.now() - (i + 1) * DAY_MS).toISOString().slice(0, 10));

/** The member's first habit, made once. */
const habitOf = async (apiUrl, session, habit) => {
  const habits = expectOk(
    await request(apiUrl, 'GET', '/api/habits', { token: session.accessToken }),
    `list ${session.user.name}'s habits`,
  );
  return (
    habits[0] ??
    expectOk(
      await request(apiUrl, 'POST', '/api/habits', { token: session.accessToken, body: habit }),
      `create ${session.user.name}'s habit`,
    )
  );
};

const checkIn = async (apiUrl, session, habitId, date) =>
  expectOk(
    await request(apiUrl, 'POST', `/api/habits/${habitId}/toggle`, {
      token: session.accessToken,
      body: date ? { completed: true, date } : { completed: true },
    }),
    `check ${session.user.name} in${date ? ` on ${date}` : ''}`,
  );

/** Joins the church (by its code) and its group, once. */
const joinChurchAndGroup = async (apiUrl, admin, session, church, group) => {
  const churches = expectOk(
    await request(apiUrl, 'GET', '/api/churches', { token: session.accessToken }),
    `list ${session.user.name}'s churches`,
  );
  if (!churches.items.some((c) => c.id === church.id)) {
    const { joinCode } = expectOk(
      await request(apiUrl, 'GET', `/api/churches/${church.id}`, { token: admin.accessToken }),
      'read the join code',
    );
    expectOk(
      await request(apiUrl, 'POST', '/api/churches/join', { token: session.accessToken, body: { code: joinCode } }),
      `${session.user.name} joins the church`,
    );
  }
  const groups = expectOk(
    await request(apiUrl, 'GET', '/api/groups', { token: session.accessToken }),
    `list ${session.user.name}'s groups`,
  );
  if (!groups.some((g) => g.id === group.id))
    expectOk(
      await request(apiUrl, 'POST', `/api/groups/${group.id}/join`, { token: session.accessToken }),
      `${session.user.name} joins the group`,
    );
};

/** @param {{ member: object, friend: object, church: { id: string }, group: { id: string } }} demo */
export const seedChurchDashboard = async (apiUrl, smtpWebUrl, { member, friend, church, group }) => {
  const [sharing, private_] = [await memberSession(apiUrl, smtpWebUrl, samuel), await memberSession(apiUrl, smtpWebUrl, miriam)];
  await ensureOnboarded(apiUrl, sharing, {
    spiritualGoals: ['Daily Bible reading'],
    connectionPreferences: ['bible'],
    reminderFrequency: 'daily',
    shareProgressWithGroups: true,
  });
  await ensureOnboarded(apiUrl, private_, {
    spiritualGoals: ['Deeper prayer life'],
    connectionPreferences: ['prayer'],
    reminderFrequency: 'weekly',
    shareProgressWithGroups: false,
  });
  // Miriam keeps her progress to herself (onboarding's private answer): she counts as a member of St. Mark's, and in
  // no activity figure.
  for (const session of [sharing, private_]) await joinChurchAndGroup(apiUrl, member, session, church, group);
  // Sharing is chosen per group and church (#26): the demo member, Grace and Samuel say yes for the church and group
  // they are in (the same choice again on a later seeding changes nothing); Miriam is never asked to.
  for (const session of [member, friend, sharing]) {
    expectOk(
      await request(apiUrl, 'PUT', '/api/sharing', { token: session.accessToken, body: { shares: true } }),
      `${session.user.name} shares with their groups and churches`,
    );
  }

  const samuelsHabit = await habitOf(apiUrl, sharing, {
    name: 'Read the Gospel of Mark',
    category: 'bible-study',
    description: 'A chapter a day.',
    frequency: 'daily',
    reminderTime: '',
  });
  for (const date of pastDays(6)) await checkIn(apiUrl, sharing, samuelsHabit.id, date);
  const miriamsHabit = await habitOf(apiUrl, private_, {
    name: 'Centering prayer',
    category: 'prayer',
    description: '',
    frequency: 'daily',
    reminderTime: '',
  });
  for (const session of [member, friend, sharing]) {
    const [habit] = expectOk(
      await request(apiUrl, 'GET', '/api/habits', { token: session.accessToken }),
      `list ${session.user.name}'s habits`,
    );
    await checkIn(apiUrl, session, habit.id);
  }
  await checkIn(apiUrl, private_, miriamsHabit.id);

  const entries = expectOk(await request(apiUrl, 'GET', '/api/journal/entries', { token: sharing.accessToken }), "list Samuel's journal");
  if (entries.total === 0)
    expectOk(
      await request(apiUrl, 'POST', '/api/journal/entries', {
        token: sharing.accessToken,
        body: {
          content: 'Mark 4: the seed grows while the farmer sleeps. Letting go of hurrying.',
          scriptureReference: 'Mark 4:26-29',
          isPrivate: true,
        },
      }),
      'write a journal entry for Samuel',
    );
  for (const [session, rating] of [
    [friend, 5],
    [sharing, 4],
  ])
    expectOk(
      await request(apiUrl, 'POST', `/api/groups/${group.id}/ratings`, { token: session.accessToken, body: { rating } }),
      `${session.user.name} rates the meeting`,
    );
};
