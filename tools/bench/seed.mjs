// The bench's data, put in through the services' own command paths (README "The load suite"):
//  1. accounts through identity's real API: sign-up, the confirmation mail from the catcher, the code exchange, so
//     formation, community and the library learn every member from identity's events on Kafka, as in production;
//  2. each member's history (habits and check-ins, plans and their activities, journal entries over `days` days)
//     through formation's command classes with the clock set to each day (apps/formation/src/bench);
//  3. groups and their members through community's command classes, founded when the history starts
//     (apps/community/src/bench), at the same time as 2;
//  4. onboarding through the API (answers, time zone), a moderator (identity's roles command), resources uploaded
//     through the API and the public ones approved by the moderator;
//  5. a wait until every event has been published and consumed, then a marker in the namespace's own database.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { namespaceOf, repoRoot, serviceEnv } from '../stack/services.mjs';
import { runRolesCommand } from '../stack/roles.mjs';
import { enrolTwoFactor } from '../dev/seed/two-factor.mjs';
import { expectOk, mapLimit, memberIp, pkcePair, refreshCookieOf, request, requestWithRetry } from './api.mjs';
import { waitForQuiet } from './stack.mjs';

const firstNames = [
  'Grace',
  'Samuel',
  'Ruth',
  'Daniel',
  'Esther',
  'Joseph',
  'Miriam',
  'David',
  'Hannah',
  'Isaac',
  'Lydia',
  'Peter',
  'Naomi',
  'Paul',
  'Abigail',
  'Timothy',
  'Deborah',
  'Andrew',
  'Priscilla',
  'Stephen',
  'Chloe',
  'Matthew',
  'Joanna',
  'Caleb',
  'Martha',
  'Silas',
  'Anna',
  'Philip',
  'Eunice',
  'Jonah',
];
const lastNames = [
  'Okafor',
  'Hernandez',
  'Nguyen',
  'Smith',
  'Mensah',
  'Kowalski',
  'Silva',
  'Johnson',
  'Park',
  'Adeyemi',
  'Rossi',
  'Müller',
  'Haddad',
  'Tanaka',
  'Brown',
  'Dubois',
  'Santos',
  'Ivanova',
  'Osei',
  'Lee',
];
const groupWords = [
  'Tuesday Night',
  'Riverside',
  'Morning Light',
  'Young Adults',
  'Mothers',
  'Men of Faith',
  'Psalms',
  'Hope Street',
  'Campus',
  'Sabbath',
  'Harvest',
  'Cornerstone',
  'Vine',
  'Mustard Seed',
  'Lighthouse',
];
const groupKinds = ['Fellowship', 'Bible Study', 'Prayer Circle', 'Small Group', 'Book Club', 'Discipleship Group'];
const weekdays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
/** Words the library search scenario looks for (each resource's text holds some of them). */
export const searchWords = ['prayer', 'psalm', 'grace', 'sabbath', 'forgiveness', 'community', 'hope', 'service'];
const resourceTopics = [
  'Praying the Psalms',
  'Sabbath rest',
  'Forgiveness',
  'Lectio Divina',
  'Serving your neighbour',
  'Hope in hard seasons',
  'Grace at the table',
  'Community and belonging',
];
const resourceKinds = ['a seven-day guide', 'study notes', 'for small groups', 'a sermon outline', 'a family devotional'];
const uploadCategoryIds = ['devotional', 'study', 'guide', 'sermon', 'curriculum', 'other'];
const audiences = ['new-believers', 'growing-christians', 'mature-believers', 'leaders', 'all-levels'];
const tagsList = ['prayer', 'bible-study', 'community', 'discipleship', 'spiritual-growth', 'serving'];

const domainOf = (profile) => `${namespaceOf(profile).replace(/_/g, '-')}.bench.abide.local`;

/** Member i of the bench: name, e-mail and a password the bench knows (the policy refuses none of them). */
export const benchMember = (profile, i, label = `m${i}`) => ({
  i,
  name: `${firstNames[i % firstNames.length]} ${lastNames[Math.floor(i / firstNames.length) % lastNames.length]}`,
  email: `${label}@${domainOf(profile)}`,
  password: `still waters ${i} run deep`,
  ip: memberIp(i),
});

// ---------------------------------------------------------------- accounts

/** The newest confirmation codes for these addresses in the mail catcher, deleting each mail once read. */
const takeConfirmationCodes = async (smtpWebUrl, emails, since) => {
  const wanted = new Set(emails);
  const found = new Map();
  const deadline = Date.now() + 120_000;
  while (found.size < wanted.size && Date.now() < deadline) {
    const mails = await (await fetch(`${smtpWebUrl}/email`)).json();
    for (const mail of mails) {
      const to = mail.to?.find((t) => wanted.has(t.address))?.address;
      if (!to || found.has(to) || mail.subject !== 'Confirm your Abide account' || new Date(mail.date).getTime() < since - 2000) continue;
      const code = /[?&]code=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
      if (!code) continue;
      found.set(to, code);
      await fetch(`${smtpWebUrl}/email/${mail.id}`, { method: 'DELETE' }).catch(() => undefined);
    }
    if (found.size < wanted.size) await new Promise((r) => setTimeout(r, 300));
  }
  const missing = emails.filter((e) => !found.has(e));
  if (missing.length)
    throw new Error(
      `no confirmation mail arrived for ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ` and ${missing.length - 3} more` : ''}`,
    );
  return found;
};

/** Signs members up through the API in batches, confirms them from the mail catcher; resolves their user ids. */
const createAccounts = async ({ apiUrl, smtpWebUrl, people, concurrency, say }) => {
  const batchSize = Math.max(concurrency * 4, 20);
  const started = Date.now();
  for (let b = 0; b < people.length; b += batchSize) {
    const batch = people.slice(b, b + batchSize);
    const since = Date.now();
    const pkce = new Map();
    await mapLimit(batch, concurrency, async (p) => {
      const pair = pkcePair();
      pkce.set(p.email, pair);
      const res = await requestWithRetry(apiUrl, 'POST', '/api/auth/sign-up', {
        ip: p.ip,
        body: { name: p.name, email: p.email, password: p.password, codeChallenge: pair.codeChallenge },
      });
      expectOk(res, `sign up ${p.email}`);
    });
    const codes = await takeConfirmationCodes(
      smtpWebUrl,
      batch.map((p) => p.email),
      since,
    );
    await mapLimit(batch, concurrency, async (p) => {
      const res = await requestWithRetry(apiUrl, 'POST', '/api/auth/token', {
        ip: p.ip,
        body: { code: codes.get(p.email), codeVerifier: pkce.get(p.email).codeVerifier },
      });
      const session = expectOk(res, `confirm ${p.email}`);
      p.userId = session.user.id;
      p.token = session.accessToken;
    });
    const done = Math.min(b + batchSize, people.length);
    const seconds = (Date.now() - started) / 1000;
    say(`accounts: ${done}/${people.length} (${(done / seconds).toFixed(1)}/s)`);
  }
};

const onboard = ({ apiUrl, people, concurrency }) =>
  mapLimit(people, concurrency, async (p) => {
    const res = await requestWithRetry(apiUrl, 'POST', '/api/onboarding/complete', {
      token: p.token,
      ip: p.ip,
      body: {
        name: p.name,
        spiritualGoals: [
          ['Deeper prayer life', 'Daily Bible reading'],
          ['Building community'],
          ['Serving others', 'Spiritual disciplines'],
        ][p.i % 3],
        connectionPreferences: [
          ['prayer', 'bible'],
          ['community', 'worship'],
          ['service', 'nature'],
        ][p.i % 3],
        reminderFrequency: ['daily', 'weekly', 'none'][p.i % 3],
        phoneNumber: '',
        timeZone: 'UTC',
        // They share their progress, so the leaders' figures the suite measures count them (off unless asked, #26).
        shareProgressWithGroups: true,
      },
    });
    expectOk(res, `onboard ${p.email}`);
  });

// ---------------------------------------------------------------- command-path CLIs

/** Runs one of the services' bench CLIs (apps/<service>/src/bench) with the service's environment on this stack. */
const runServiceCli = ({ service, script, input, profile, engineEnv, dataDir, say }) =>
  new Promise((resolve, reject) => {
    const inputFile = path.join(dataDir, `${service}-seed-input.json`);
    const outputFile = path.join(dataDir, `${service}-seed-output.json`);
    writeFileSync(inputFile, JSON.stringify(input));
    const child = spawn(process.execPath, ['-r', '@swc-node/register', script, inputFile, outputFile], {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...serviceEnv(service, profile, engineEnv),
        LOG_LEVEL: 'warn',
        SWC_NODE_PROJECT: path.join(repoRoot, 'tsconfig.json'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let tail = '';
    const take = (chunk) => {
      tail = `${tail}${chunk}`.slice(-4000);
      for (const line of String(chunk).split('\n').filter(Boolean)) if (!line.startsWith('{')) say(`${service}: ${line}`);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`${script} failed (exit ${code}):\n${tail}`));
      resolve(JSON.parse(readFileSync(outputFile, 'utf8')));
    });
  });

// ---------------------------------------------------------------- groups and resources

const groupPlan = ({ members, groups: count, days }) => {
  const n = members.length;
  const g = Math.max(1, Math.min(count, Math.floor(n / 2)));
  const founded = new Date(Date.now() - days * 86_400_000);
  founded.setUTCHours(18, 0, 0, 0);
  const groups = Array.from({ length: g }, (_, k) => ({
    ownerIndex: Math.floor((k * n) / g),
    isPublic: k % 10 !== 9,
    memberIndexes: [],
    name: `${groupWords[k % groupWords.length]} ${groupKinds[k % groupKinds.length]}${k >= groupWords.length ? ` ${Math.floor(k / groupWords.length) + 1}` : ''}`,
    description: 'We meet to pray, read and share a meal. Newcomers always welcome.',
    meeting: {
      day: weekdays[k % 7],
      time: `${String(18 + (k % 3)).padStart(2, '0')}:30`,
      location: k % 2 ? 'Online' : `Room ${1 + (k % 5)}, St. Mark's hall`,
    },
  }));
  const owners = new Set(groups.map((x) => x.ownerIndex));
  for (let i = 0; i < n; i++) {
    if (owners.has(i)) continue;
    const first = i % g;
    groups[first].memberIndexes.push(i);
    // One member in four belongs to a second group.
    const second = (i * 7 + 3) % g;
    if (i % 4 === 0 && second !== first) groups[second].memberIndexes.push(i);
  }
  return { groups, founded };
};

const resourceText = (r) => {
  const words = [searchWords[r % searchWords.length], searchWords[(r * 3 + 1) % searchWords.length]];
  const paragraph = `This guide walks through ${words[0]} and ${words[1]} in everyday life. Read one section a day, pause, and write down what stays with you. `;
  return `${resourceTopics[r % resourceTopics.length]}\n\n${paragraph.repeat(8 + (r % 20))}\nQuestions for reflection: where did you notice ${words[0]} this week? Who needs ${words[1]} from you?\n`;
};

/** Uploads `count` resources through the API (60 % public, 25 % for a group, 15 % private); the moderator approves. */
const seedResources = async ({ apiUrl, people, groups, moderator, count, concurrency, say }) => {
  const memberGroup = new Map();
  for (const group of groups)
    for (const i of [group.ownerIndex, ...group.members]) if (!memberGroup.has(i)) memberGroup.set(i, group.groupId);
  const plan = Array.from({ length: count }, (_, r) => {
    const owner = people[(r * 37) % people.length];
    const slot = r % 20;
    const visibility = slot < 12 ? 'public' : slot < 17 && memberGroup.has(owner.i) ? 'group' : 'private';
    return { r, owner, visibility, groupId: visibility === 'group' ? memberGroup.get(owner.i) : null };
  });
  const started = Date.now();
  let done = 0;
  await mapLimit(plan, concurrency, async ({ r, owner, visibility, groupId }) => {
    const form = new FormData();
    form.append('title', `${resourceTopics[r % resourceTopics.length]}: ${resourceKinds[r % resourceKinds.length]} (${r + 1})`);
    form.append(
      'description',
      `A ${resourceKinds[r % resourceKinds.length]} on ${searchWords[r % searchWords.length]}, shared by a member.`,
    );
    form.append('category', uploadCategoryIds[r % uploadCategoryIds.length]);
    form.append('targetAudience', audiences[r % audiences.length]);
    form.append('visibility', visibility);
    form.append('termsAccepted', 'true');
    for (const tag of [tagsList[r % tagsList.length], tagsList[(r + 2) % tagsList.length]]) form.append('tags', tag);
    if (groupId) form.append('groupId', groupId);
    form.append('file', new Blob([resourceText(r)], { type: 'text/plain' }), `resource-${r + 1}.txt`);
    // A group upload waits until the library has learned the membership from community's events.
    for (let attempt = 1; ; attempt++) {
      const res = await request(apiUrl, 'POST', '/api/uploads', { token: owner.token, ip: owner.ip, form });
      if (res.status < 300) break;
      if (attempt >= 30 || ![409, 422, 429, 503].includes(res.status)) expectOk(res, `upload resource ${r + 1}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    done++;
    if (done % 50 === 0) say(`resources: ${done}/${count} uploaded (${(done / ((Date.now() - started) / 1000)).toFixed(1)}/s)`);
  });
  const publicCount = plan.filter((p) => p.visibility === 'public').length;
  let approved = 0;
  const deadline = Date.now() + 15 * 60_000;
  while (approved < publicCount && Date.now() < deadline) {
    const queue = expectOk(
      await request(apiUrl, 'GET', '/api/moderation/queue', { token: moderator.token, ip: moderator.ip }),
      'read the review queue',
    );
    await mapLimit(queue.items, concurrency, async (item) => {
      const res = await requestWithRetry(apiUrl, 'POST', `/api/moderation/resources/${item.id}/approve`, {
        token: moderator.token,
        ip: moderator.ip,
      });
      if (res.status < 300) approved++;
    });
    if (approved < publicCount) await new Promise((resolve) => setTimeout(resolve, queue.items.length ? 100 : 1000));
  }
  say(`resources: ${count} uploaded, ${approved} approved by the moderator`);
  return {
    count,
    public: publicCount,
    group: plan.filter((p) => p.visibility === 'group').length,
    private: plan.filter((p) => p.visibility === 'private').length,
    approved,
  };
};

// ---------------------------------------------------------------- the seed

/**
 * Seeds a namespace from nothing. `params`: { members, days, groups, resources, longHistory, shortHistory,
 * concurrency }. Resolves the manifest (every member with id, e-mail, password, habits; groups; resources; timing).
 */
export const seed = async ({ profile, engineEnv, apiUrl, params, dataDir, say }) => {
  const t0 = Date.now();
  const steps = {};
  const step = async (name, run) => {
    const started = Date.now();
    const result = await run();
    steps[name] = { seconds: Number(((Date.now() - started) / 1000).toFixed(1)) };
    return result;
  };
  const people = Array.from({ length: params.members }, (_, i) => benchMember(profile, i));
  // Two extra members with the same habits and faithfulness, one with a short and one with a long history: the
  // read of a member's habits should cost the same for both.
  const historyProbes = [
    { ...benchMember(profile, params.members, 'history-short'), days: params.shortHistory, probe: 'short' },
    { ...benchMember(profile, params.members + 1, 'history-long'), days: params.longHistory, probe: 'long' },
  ];
  const moderator = {
    ...benchMember(profile, params.members + 2, 'moderator'),
    name: 'Ruth Moderator',
    password: 'keep watch with kindness',
  };
  const everyone = [...people, ...historyProbes, moderator];

  say(
    `seeding ${params.members} members × ${params.days} days, ${params.groups} groups, ${params.resources} resources (namespace ${namespaceOf(profile)})`,
  );
  await step('accounts', () =>
    createAccounts({ apiUrl, smtpWebUrl: engineEnv.SMTP_WEB_URL, people: everyone, concurrency: params.concurrency, say }),
  );

  const { groups: groupInputs, founded } = groupPlan({ members: people, groups: params.groups, days: params.days });
  const [history, community] = await Promise.all([
    step('history', () =>
      runServiceCli({
        service: 'formation',
        script: 'apps/formation/src/bench/seed-history.cli.ts',
        input: {
          concurrency: params.concurrency,
          members: [
            ...historyProbes.map((p) => ({ userId: p.userId, index: p.i, profileIndex: 0, days: p.days })),
            ...people.map((p) => ({ userId: p.userId, index: p.i, days: params.days })),
          ],
        },
        profile,
        engineEnv,
        dataDir,
        say,
      }),
    ),
    step('groups', () =>
      runServiceCli({
        service: 'community',
        script: 'apps/community/src/bench/seed-groups.cli.ts',
        input: {
          concurrency: Math.min(4, params.concurrency),
          groups: groupInputs.map((g) => ({
            ownerId: people[g.ownerIndex].userId,
            name: g.name,
            description: g.description,
            isPublic: g.isPublic,
            meeting: g.meeting,
            memberIds: g.memberIndexes.map((i) => people[i].userId),
            createdAt: founded.toISOString(),
          })),
        },
        profile,
        engineEnv,
        dataDir,
        say,
      }),
    ),
  ]);
  const habitsOf = new Map(history.members.map((m) => [m.userId, m.habitIds]));
  for (const p of [...people, ...historyProbes]) p.habitIds = habitsOf.get(p.userId) ?? [];
  const indexOf = new Map(people.map((p) => [p.userId, p.i]));
  const groups = community.groups.map((g, k) => ({
    groupId: g.groupId,
    name: groupInputs[k].name,
    isPublic: g.isPublic,
    ownerIndex: indexOf.get(g.ownerId),
    members: g.members.map((id) => indexOf.get(id)),
    pending: g.pending.map((id) => indexOf.get(id)),
  }));

  await step('onboarding', () => onboard({ apiUrl, people: everyone, concurrency: params.concurrency }));
  await step('moderator', async () => {
    if (runRolesCommand(profile, ['grant', 'moderator', moderator.email], { quiet: true }) !== 0)
      throw new Error('could not grant the bench moderator role');
    const res = await requestWithRetry(apiUrl, 'POST', '/api/auth/sign-in', {
      ip: moderator.ip,
      body: { email: moderator.email, password: moderator.password },
    });
    const { accessToken } = expectOk(res, 'sign the moderator in');
    // The role needs two-factor sign-in: enrolled here, its key kept in the manifest for the runs' sign-ins; the session
    // counts as proven by it from the enrolment on, so a refresh gives the token the review queue answers.
    const post = (route, body) => requestWithRetry(apiUrl, 'POST', route, { ip: moderator.ip, token: accessToken, body });
    moderator.totpSecret = (await enrolTwoFactor(post, moderator.password)).secret;
    const refreshed = await requestWithRetry(apiUrl, 'POST', '/api/auth/refresh', {
      ip: moderator.ip,
      cookie: `abide_refresh=${refreshCookieOf(res.headers)}`,
    });
    moderator.token = expectOk(refreshed, "refresh the moderator's session").accessToken;
  });
  // The library learns group membership from community's events before members share with their groups.
  await step('settle-groups', () => waitForQuiet({ profile, engineEnv, say }));
  const resources = await step('resources', () =>
    seedResources({ apiUrl, people, groups, moderator, count: params.resources, concurrency: params.concurrency, say }),
  );
  await step('settle', () => waitForQuiet({ profile, engineEnv, say }));

  const seconds = (Date.now() - t0) / 1000;
  const strip = ({ token: _t, ...p }) => p;
  const manifest = {
    // Matches this manifest to the seeded databases' marker (bench.mjs), nothing more.
    id: randomUUID(),
    namespace: namespaceOf(profile),
    createdAt: new Date().toISOString(),
    params,
    members: people.map(strip),
    historyProbes: historyProbes.map(strip),
    moderator: strip(moderator),
    groups,
    resources,
    timing: {
      seconds: Number(seconds.toFixed(1)),
      steps,
      history: {
        writes: history.writes,
        seconds: history.seconds,
        rate: Number((history.writes / history.seconds).toFixed(1)),
        commands: history.timing,
      },
      groups: {
        writes: community.writes,
        seconds: community.seconds,
        rate: Number((community.writes / community.seconds).toFixed(1)),
        commands: community.timing,
      },
    },
  };
  return manifest;
};

// ---------------------------------------------------------------- marker

/** The seed's marker lives in the namespace's own database, so it goes with the data (a wiped engine reseeds). */
const markerCollection = async (engineEnv, profile, run) => {
  const connection = await mongoose.createConnection(engineEnv.MONGO_URL).asPromise();
  try {
    return await run(connection.useDb(`${namespaceOf(profile)}_bench`).collection('seed'));
  } finally {
    await connection.close();
  }
};

export const readMarker = (engineEnv, profile) => markerCollection(engineEnv, profile, (c) => c.findOne({ _id: 'seed' }));

export const writeMarker = (engineEnv, profile, manifest) =>
  markerCollection(engineEnv, profile, (c) =>
    c.replaceOne(
      { _id: 'seed' },
      { _id: 'seed', manifestId: manifest.id, params: manifest.params, createdAt: manifest.createdAt },
      { upsert: true },
    ),
  );
