// Demo data goes in through the public API, exactly as people's actions would, so every figure is real:
// the demo member's plan, habits and journal; a moderator who approves their public uploads; a small group
// the demo member leads, with a second member who joins, checks in and asks for prayer; the church the demo member
// administers (its logo and colour in the app frame, its page at /c/st-marks), which Grace joins with its code and
// which holds the demo group and assigns it a curriculum (seed/curriculum.mjs); more members of it, so its pastor's
// dashboard has figures (seed/church-dashboard.mjs).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runIdentityCommand, runRolesCommand } from '../stack/roles.mjs';
import { namespaceOf } from '../stack/services.mjs';
import { smsAccountOf } from '../stack/sms-account.mjs';
import { ensureOnboarded, expectOk, memberSession, provePhoneNumber, request, TwoFactorKeyUnknown, waitFor } from './seed/api.mjs';
import { seedChurchDashboard } from './seed/church-dashboard.mjs';
import { seedCurriculum } from './seed/curriculum.mjs';
import { readDemoKey, saveDemoKey } from './seed/demo-two-factor.mjs';
import { seedMemberImport } from './seed/member-import.mjs';
import { enrolTwoFactor } from './seed/two-factor.mjs';

// Passwords must not contain the e-mail's local part or the name.
export const demoMember = { name: 'Demo Member', email: 'demo@abide.local', password: 'walk humbly every day' };
export const demoModerator = { name: 'Ruth Moderator', email: 'moderator@abide.local', password: 'keep watch with kindness' };
/** A fictional number (555-01xx), written as a member in the US would type it. */
export const demoPhoneNumber = '(201) 555-0100';
const demoFriend = { name: 'Grace Okafor', email: 'grace@abide.local', password: 'steadfast love endures' };

const demoHabits = [
  {
    name: 'Morning prayer',
    category: 'prayer',
    description: 'Ten quiet minutes before the day begins.',
    frequency: 'daily',
    reminderTime: '07:00',
  },
  { name: 'Read a psalm', category: 'bible-study', description: 'One psalm, read slowly.', frequency: 'daily', reminderTime: '' },
  { name: 'Gratitude list', category: 'gratitude', description: 'Three things from today.', frequency: 'daily', reminderTime: '21:00' },
];

const demoChurch = {
  name: "St. Mark's Church",
  slug: 'st-marks',
  primaryColor: '#1e3a8a',
  welcome: 'Sunday worship at 10:00, Market Street.\nSmall groups meet through the week: everyone is welcome.',
  timeZone: 'Europe/London',
};
const churchLogo = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo-church', 'st-marks-logo.svg');
const libraryDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo-library');
const demoResources = [
  {
    file: 'praying-the-psalms.txt',
    fields: {
      title: 'Praying the Psalms: a seven-day guide',
      category: 'guide',
      description: 'Fifteen minutes a day with one psalm, prayed back in your own words.',
      tags: ['prayer', 'spiritual-growth'],
      targetAudience: 'all-levels',
      visibility: 'public',
    },
  },
  {
    file: 'lectio-divina-for-small-groups.txt',
    fields: {
      title: 'Lectio Divina for small groups',
      category: 'study',
      description: 'A four-movement way of listening to Scripture together.',
      tags: ['bible-study', 'community', 'leadership'],
      targetAudience: 'leaders',
      visibility: 'public',
    },
  },
  {
    file: 'sabbath-rest-study-notes.txt',
    fields: {
      title: 'Sabbath rest: study notes',
      category: 'curriculum',
      description: 'Four weeks on rest as gift, freedom, mercy and promise.',
      tags: ['discipleship'],
      targetAudience: 'growing-christians',
      visibility: 'group',
    },
  },
];

const seedMemberBasics = async (apiUrl, session, sms) => {
  const token = session.accessToken;
  if (!session.user.onboardingCompleted) await provePhoneNumber(apiUrl, session, demoPhoneNumber, sms);
  await ensureOnboarded(apiUrl, session, {
    spiritualGoals: ['Deeper prayer life', 'Daily Bible reading'],
    connectionPreferences: ['prayer', 'bible', 'nature'],
    reminderFrequency: 'daily',
    // Proved and opted in to texts, so its reminders show in the local SMS inbox (docs/architecture.md "Text messages").
    phoneNumber: demoPhoneNumber,
    smsOptIn: true,
    // Shares progress with the group they lead (sharing is off until a member says so).
    shareProgressWithGroups: true,
  });
  const habits = expectOk(await request(apiUrl, 'GET', '/api/habits', { token }), 'list habits');
  if (habits.length === 0) {
    const created = [];
    for (const habit of demoHabits)
      created.push(expectOk(await request(apiUrl, 'POST', '/api/habits', { token, body: habit }), 'create a habit'));
    expectOk(await request(apiUrl, 'POST', `/api/habits/${created[0].id}/toggle`, { token, body: { completed: true } }), 'check in');
  }
  const entries = expectOk(await request(apiUrl, 'GET', '/api/journal/entries', { token }), 'list journal entries');
  if (entries.total === 0) {
    expectOk(
      await request(apiUrl, 'POST', '/api/journal/entries', {
        token,
        body: {
          content: 'Sat by the window with Psalm 23 this morning. "He restores my soul" stayed with me all day.',
          scriptureReference: 'Psalm 23:1-3',
          mood: 'peaceful',
          gratitude: 'A slow breakfast and a call from my sister.',
          isPrivate: true,
        },
      }),
      'write a journal entry',
    );
  }
};

/** The demo member's church with its branding; Grace joins it with its join code. */
const seedChurch = async (apiUrl, member, friend) => {
  const token = member.accessToken;
  const mine = expectOk(await request(apiUrl, 'GET', '/api/churches', { token }), 'list churches');
  const church =
    mine.items.find((c) => c.slug === demoChurch.slug) ??
    expectOk(await request(apiUrl, 'POST', '/api/churches', { token, body: demoChurch }), 'create the demo church');
  if (!church.logoUrl) {
    // The library learns who administers the church from community's events: the first try may come before it.
    await waitFor(async () => {
      const form = new FormData();
      form.append('file', new Blob([readFileSync(churchLogo)], { type: 'image/svg+xml' }), 'st-marks-logo.svg');
      const res = await request(apiUrl, 'PUT', `/api/logos/${church.id}`, { token, form });
      return res.status === 200 ? res.body : undefined;
    }, 'the demo church logo to be accepted');
  }
  const friends = expectOk(await request(apiUrl, 'GET', '/api/churches', { token: friend.accessToken }), "list Grace's churches");
  if (!friends.items.some((c) => c.id === church.id)) {
    const { joinCode } = expectOk(await request(apiUrl, 'GET', `/api/churches/${church.id}`, { token }), 'read the join code');
    expectOk(await request(apiUrl, 'POST', '/api/churches/join', { token: friend.accessToken, body: { code: joinCode } }), 'join the demo church');
  }
  return church;
};

/** The demo member leads one group in their church; Grace joins it, keeps a habit and asks for prayer. */
const seedGroup = async (apiUrl, member, friend, church) => {
  const mine = expectOk(await request(apiUrl, 'GET', '/api/groups', { token: member.accessToken }), 'list groups');
  if (mine.length > 0) {
    // A group from before churches: put it in the church.
    if (!mine[0].churchId) {
      expectOk(await request(apiUrl, 'PUT', `/api/groups/${mine[0].id}/church`, { token: member.accessToken, body: { churchId: church.id } }), 'put the demo group in the church');
    }
    return mine[0];
  }
  const group = expectOk(
    await request(apiUrl, 'POST', '/api/groups', {
      token: member.accessToken,
      body: {
        name: 'Tuesday Night Fellowship',
        description: 'Prayer, a short study and a shared meal. Newcomers always welcome.',
        isPublic: true,
        meeting: { day: 'tuesday', time: '19:30', location: "St. Mark's hall, room 2" },
        churchId: church.id,
      },
    }),
    'create the demo group',
  );
  expectOk(await request(apiUrl, 'POST', `/api/groups/${group.id}/join`, { token: friend.accessToken }), 'join the demo group');
  const habit = expectOk(
    await request(apiUrl, 'POST', '/api/habits', {
      token: friend.accessToken,
      body: { name: 'Evening examen', category: 'prayer', description: '', frequency: 'daily', reminderTime: '21:30' },
    }),
    'create a habit for Grace',
  );
  expectOk(
    await request(apiUrl, 'POST', `/api/habits/${habit.id}/toggle`, { token: friend.accessToken, body: { completed: true } }),
    'check Grace in',
  );
  expectOk(
    await request(apiUrl, 'POST', `/api/groups/${group.id}/prayers`, {
      token: friend.accessToken,
      body: { text: 'For my mother, who starts treatment next week, and for peace for our family.', anonymous: false },
    }),
    'post a prayer request',
  );
  return group;
};

/** The demo member shares three resources; the moderator approves the public ones. */
const seedLibrary = async (apiUrl, member, moderator, group) => {
  const mine = expectOk(await request(apiUrl, 'GET', '/api/uploads?mine=1', { token: member.accessToken }), 'list my uploads');
  if (mine.total > 0) return;
  for (const { file, fields } of demoResources) {
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...fields, tags: undefined, termsAccepted: 'true' }))
      if (value !== undefined) form.append(name, value);
    for (const tag of fields.tags) form.append('tags', tag);
    if (fields.visibility === 'group') form.append('groupId', group.id);
    form.append('file', new Blob([readFileSync(path.join(libraryDir, file))], { type: 'text/plain' }), file);
    expectOk(await request(apiUrl, 'POST', '/api/uploads', { token: member.accessToken, form }), `upload ${file}`);
  }
  const publicCount = demoResources.filter((r) => r.fields.visibility === 'public').length;
  const queue = await waitFor(async () => {
    const res = await request(apiUrl, 'GET', '/api/moderation/queue', { token: moderator.accessToken });
    return res.status === 200 && res.body.items.length >= publicCount ? res.body : undefined;
  }, 'the uploads to reach the review queue');
  for (const item of queue.items) {
    expectOk(
      await request(apiUrl, 'POST', `/api/moderation/resources/${item.id}/approve`, { token: moderator.accessToken }),
      `approve ${item.title}`,
    );
  }
};

/**
 * The demo moderator, signed in with the role and two-factor sign-in (which the role needs): granted and enrolled the
 * first time, their key kept beside the engines' data (seed/demo-two-factor.mjs).
 */
const moderatorSession = async (apiUrl, smtpWebUrl, profile) => {
  const signIn = () => memberSession(apiUrl, smtpWebUrl, demoModerator, { secret: readDemoKey(profile)?.secret });
  let moderator;
  try {
    moderator = await signIn();
  } catch (error) {
    if (!(error instanceof TwoFactorKeyUnknown)) throw error;
    // The account kept two-factor sign-in but the key is gone (a cleared cache folder): the operator's reset, then enrol again.
    if (runIdentityCommand('two-factor', profile, ['reset', demoModerator.email], { quiet: true }) !== 0)
      throw new Error("could not reset the demo moderator's two-factor sign-in");
    moderator = await signIn();
  }
  await ensureOnboarded(apiUrl, moderator, {
    spiritualGoals: ['Serving others'],
    connectionPreferences: ['service'],
    reminderFrequency: 'none',
  });
  let changed = false;
  if (!moderator.user.roles?.includes('moderator')) {
    if (runRolesCommand(profile, ['grant', 'moderator', demoModerator.email], { quiet: true }) !== 0)
      throw new Error('could not grant the demo moderator role');
    changed = true;
  }
  if (moderator.aal !== 'aal2') {
    const enrolled = await enrolTwoFactor(
      (path, body) => request(apiUrl, 'POST', path, { body, token: moderator.accessToken }),
      demoModerator.password,
    );
    saveDemoKey(profile, { email: demoModerator.email, ...enrolled });
    changed = true;
  }
  // A new sign-in's token carries the role and says it passed two factors.
  return changed ? signIn() : moderator;
};

/** @param {{ profile?: 'dev'|'test', smsApiUrl?: string }} [options] */
export const seedDemoData = async (apiUrl, smtpWebUrl = 'http://127.0.0.1:1080', { profile = 'dev', smsApiUrl = 'http://127.0.0.1:1090' } = {}) => {
  const member = await memberSession(apiUrl, smtpWebUrl, demoMember);
  await seedMemberBasics(apiUrl, member, { smsApiUrl, accountSid: smsAccountOf(namespaceOf(profile)).sid });

  const friend = await memberSession(apiUrl, smtpWebUrl, demoFriend);
  await ensureOnboarded(apiUrl, friend, {
    spiritualGoals: ['Building community'],
    connectionPreferences: ['community', 'prayer'],
    reminderFrequency: 'weekly',
    shareProgressWithGroups: true,
  });

  const moderator = await moderatorSession(apiUrl, smtpWebUrl, profile);

  const church = await seedChurch(apiUrl, member, friend);
  const group = await seedGroup(apiUrl, member, friend, church);
  await seedChurchDashboard(apiUrl, smtpWebUrl, { member, friend, church, group });
  await seedLibrary(apiUrl, member, moderator, group);
  await seedCurriculum(apiUrl, member, church, group);
  const memberImport = await seedMemberImport(apiUrl, member, demoMember, church, { friend: demoFriend, moderator: demoModerator, groupName: group.name });
  return { memberImport: { id: memberImport.id, counts: memberImport.counts }, member: demoMember, moderator: { ...demoModerator, twoFactorKey: readDemoKey(profile)?.secret } };
};
