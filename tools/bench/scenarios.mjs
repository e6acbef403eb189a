// The bench's scenarios: what each one requests through the gateway, for which members, and for writes how the
// system is read before and after to count what it applied (README "The load suite").
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { expectOk, mapLimit, request, requestWithRetry } from './api.mjs';
import { searchWords } from './seed.mjs';

/** name, kind, what the table calls it; reads go round their list, writes use each request once. */
export const catalog = [
  { name: 'trivial', kind: 'read', title: 'gateway GET /health/live' },
  { name: 'plan', kind: 'read', title: 'My Plan: GET /api/spiritual-plans/current' },
  { name: 'habits', kind: 'read', title: 'Habits: GET /api/habits' },
  { name: 'habits-short', kind: 'read', title: 'GET /api/habits, short history' },
  { name: 'habits-long', kind: 'read', title: 'GET /api/habits, long history' },
  { name: 'journal', kind: 'read', title: 'Journal: GET /api/journal/entries' },
  { name: 'library-search', kind: 'read', title: 'Library search: GET /api/uploads?q=' },
  { name: 'my-groups', kind: 'read', title: 'My Groups: GET /api/groups' },
  { name: 'dashboard', kind: 'read', title: "Leader's dashboard: GET /api/groups/:id/dashboard" },
  { name: 'checkin', kind: 'write', title: 'Check-in toggle: POST /api/habits/:id/toggle' },
  { name: 'journal-save', kind: 'write', title: 'Journal save: POST /api/journal/entries' },
  // The same writes, each with an Idempotency-Key of its own: what the key's check costs the write path (beside the
  // rows without one). Left out of the smoke, which npm test runs (its time is counted). The keyed check-ins flip from
  // the state the plain ones left, so they are prepared right before they run.
  {
    name: 'checkin-keyed',
    kind: 'write',
    title: 'Check-in toggle with an Idempotency-Key: POST /api/habits/:id/toggle',
    notInSmoke: true,
    prepareLate: true,
  },
  {
    name: 'journal-save-keyed',
    kind: 'write',
    title: 'Journal save with an Idempotency-Key: POST /api/journal/entries',
    notInSmoke: true,
  },
  { name: 'join', kind: 'write', title: 'Group join: POST /api/groups/:id/join' },
  { name: 'upload', kind: 'write', title: 'Upload: POST /api/uploads (multipart TXT)' },
];

/** A deterministic shuffle (so two runs of one seed send the same requests in the same order). */
const shuffled = (items, seed = 1) => {
  const out = [...items];
  let s = seed >>> 0 || 1;
  for (let i = out.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
};

const utcDate = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

const journalBodies = [
  {
    content: 'Read Psalm 46 slowly before work. "Be still" is harder than it sounds, and better.',
    scriptureReference: 'Psalm 46:10',
    mood: 'peaceful',
    gratitude: 'A quiet kitchen at 6 am.',
    isPrivate: true,
  },
  {
    content: 'Our group prayed for Anna tonight. I noticed how much lighter the room felt afterwards.',
    mood: 'grateful',
    gratitude: 'Friends who show up.',
    isPrivate: true,
  },
  {
    content: 'Distracted all day. Came back to the verse three times and it held me each time.',
    scriptureReference: 'Isaiah 40:31',
    mood: 'hopeful',
    isPrivate: false,
  },
];

const uploadFiles = [
  {
    name: 'notes-on-prayer.txt',
    content: `Notes on prayer\n\n${'Pray as you can, not as you cannot. Begin with thanks, then ask, then listen. '.repeat(30)}`,
  },
  {
    name: 'psalm-reflection.txt',
    content: `A week in the Psalms\n\n${'Each morning read one psalm aloud and write one line back to God. '.repeat(60)}`,
  },
];

/**
 * Writes each scenario's request list (requests-<name>.json) and the before-state its verification needs.
 * `ctx`: { apiUrl, manifest, tokens, dataDir, needed (writes per write scenario), concurrency, exclude (member indexes
 * kept for the propagation probe) }. Returns { [name]: { requests, members?, before? } }.
 */
export const prepareScenarios = async (ctx, names) => {
  const { manifest, dataDir } = ctx;
  const members = manifest.members.map((m) => m.i);
  const writers = shuffled(
    members.filter((i) => !ctx.exclude.has(i)),
    7,
  );
  const who = (i) => manifest.members[i] ?? [...manifest.historyProbes, manifest.moderator].find((p) => p.i === i);
  const readList = (paths) => shuffled(paths, 3).map(([m, p]) => ({ m, ip: who(m).ip, path: p }));
  const prepared = {};
  writeFileSync(path.join(dataDir, 'upload-files.json'), JSON.stringify(uploadFiles));

  for (const name of names) {
    let requests;
    const extra = {};
    switch (name) {
      case 'trivial':
        requests = [{ path: '/health/live' }];
        break;
      case 'plan':
        requests = readList(members.map((m) => [m, '/api/spiritual-plans/current']));
        break;
      case 'habits':
        requests = readList(members.map((m) => [m, '/api/habits']));
        break;
      case 'habits-short':
      case 'habits-long': {
        const probe = manifest.historyProbes.find((p) => p.probe === name.slice('habits-'.length));
        requests = [{ m: probe.i, ip: probe.ip, path: '/api/habits' }];
        extra.days = probe.days;
        break;
      }
      case 'journal':
        requests = readList(members.map((m) => [m, '/api/journal/entries?page=1&pageSize=10']));
        break;
      case 'library-search':
        requests = readList(members.map((m, k) => [m, `/api/uploads?q=${searchWords[k % searchWords.length]}&page=1&pageSize=12`]));
        break;
      case 'my-groups':
        requests = readList(members.map((m) => [m, '/api/groups']));
        break;
      case 'dashboard':
        requests = readList(manifest.groups.map((g) => [g.ownerIndex, `/api/groups/${g.groupId}/dashboard`]));
        break;
      case 'checkin':
      case 'checkin-keyed': {
        // Flip (habit, day) pairs of the last few days: each request sets the opposite of what the member has, so
        // every successful one changes exactly one check-in, and the flips found afterwards count what was applied.
        const perDay = writers.length * 3;
        const days = Math.max(2, Math.min(8, Math.ceil(ctx.needed / Math.max(1, perDay))));
        const dates = Array.from({ length: days }, (_, d) => utcDate(-d));
        const state = await checkInState(ctx, writers, dates);
        const targets = [];
        for (const m of writers) {
          for (const habitId of who(m).habitIds ?? []) {
            for (const date of dates) targets.push({ m, habitId, date, completed: !state.get(`${m}|${habitId}|${date}`) });
          }
        }
        requests = shuffled(targets, 11).map((t) => ({
          m: t.m,
          ip: who(t.m).ip,
          method: 'POST',
          path: `/api/habits/${t.habitId}/toggle`,
          body: { completed: t.completed, date: t.date },
          ...(name === 'checkin-keyed' ? { key: randomUUID() } : {}),
        }));
        Object.assign(extra, { writers, dates, before: Object.fromEntries(state) });
        break;
      }
      case 'journal-save':
      case 'journal-save-keyed': {
        const count = Math.max(ctx.needed, writers.length);
        const keyed = name === 'journal-save-keyed';
        requests = Array.from({ length: count }, (_, k) => {
          const m = writers[k % writers.length];
          const body = journalBodies[k % journalBodies.length];
          return { m, ip: who(m).ip, method: 'POST', path: '/api/journal/entries', body, ...(keyed ? { key: randomUUID() } : {}) };
        });
        extra.writers = writers;
        break;
      }
      case 'join': {
        const publicGroups = manifest.groups.filter((g) => g.isPublic);
        const joiners = writers.slice(
          0,
          Math.max(1, Math.min(writers.length, Math.ceil(ctx.needed / Math.max(1, publicGroups.length)) * 2)),
        );
        const mine = await groupsOf(ctx, joiners);
        const pairs = [];
        for (const m of joiners) for (const g of publicGroups) if (!mine.get(m).has(g.groupId)) pairs.push({ m, groupId: g.groupId });
        requests = shuffled(pairs, 13).map((p) => ({
          m: p.m,
          ip: who(p.m).ip,
          method: 'POST',
          path: `/api/groups/${p.groupId}/join`,
          body: {},
        }));
        extra.joiners = joiners;
        break;
      }
      case 'upload': {
        const uploaders = writers.slice(0, Math.min(writers.length, 200));
        const count = Math.max(ctx.needed, uploaders.length);
        requests = Array.from({ length: count }, (_, k) => {
          const m = uploaders[k % uploaders.length];
          return {
            m,
            ip: who(m).ip,
            path: '/api/uploads',
            upload: {
              file: k % uploadFiles.length,
              fields: {
                title: `Bench upload ${k + 1}`,
                description: 'Notes shared during the load test.',
                category: 'devotional',
                targetAudience: 'all-levels',
                visibility: 'private',
                termsAccepted: 'true',
                tags: 'prayer',
              },
            },
          };
        });
        extra.writers = uploaders;
        break;
      }
      default:
        throw new Error(`unknown scenario ${name}`);
    }
    writeFileSync(path.join(dataDir, `requests-${name}.json`), JSON.stringify(requests));
    prepared[name] = { requests, ...extra };
  }
  return prepared;
};

/** Sends request `k` of a scenario from here (as k6 would) and returns the answer: the body the ceilings copy. */
export const sendOne = async (ctx, r) => {
  const options = { token: r.m !== undefined ? ctx.tokens.token(r.m) : undefined, ip: r.ip };
  if (r.upload) {
    const file = uploadFiles[r.upload.file];
    const form = new FormData();
    for (const [k, v] of Object.entries(r.upload.fields)) form.append(k, v);
    form.append('file', new Blob([file.content], { type: 'text/plain' }), file.name);
    return request(ctx.apiUrl, 'POST', r.path, { ...options, form });
  }
  return request(ctx.apiUrl, r.method ?? 'GET', r.path, { ...options, body: r.body, idempotencyKey: r.key });
};

// ---------------------------------------------------------------- state before and after

const checkInState = async (ctx, writers, dates) => {
  const state = new Map();
  const pairs = writers.flatMap((m) => dates.map((date) => ({ m, date })));
  await mapLimit(pairs, ctx.concurrency, async ({ m, date }) => {
    const entries = expectOk(
      await requestWithRetry(ctx.apiUrl, 'GET', `/api/habit-entries?date=${date}`, { token: ctx.tokens.token(m) }),
      'read check-ins',
    );
    for (const e of entries) state.set(`${m}|${e.habitId}|${date}`, e.completed);
  });
  return state;
};

const groupsOf = async (ctx, people) => {
  const out = new Map();
  await mapLimit(people, ctx.concurrency, async (m) => {
    const groups = expectOk(await requestWithRetry(ctx.apiUrl, 'GET', '/api/groups', { token: ctx.tokens.token(m) }), 'list my groups');
    out.set(m, new Set(groups.filter((g) => g.myStatus !== 'none').map((g) => g.id)));
  });
  return out;
};

const totals = async (ctx, people, pathOf) => {
  const out = new Map();
  await mapLimit(people, ctx.concurrency, async (m) => {
    out.set(m, expectOk(await requestWithRetry(ctx.apiUrl, 'GET', pathOf(m), { token: ctx.tokens.token(m) }), 'count').total);
  });
  return out;
};

const journalTotals = (ctx, people) => totals(ctx, people, () => '/api/journal/entries?page=1&pageSize=1');
const uploadTotals = (ctx, people) => totals(ctx, people, () => '/api/uploads?mine=1&page=1&pageSize=1');

/** What the write scenarios' verification compares against (read just before the scenario runs). */
export const readBefore = async (ctx, name, prepared) => {
  if (name === 'journal-save' || name === 'journal-save-keyed')
    prepared.before = Object.fromEntries(await journalTotals(ctx, prepared.writers));
  if (name === 'upload') prepared.before = Object.fromEntries(await uploadTotals(ctx, prepared.writers));
};

/**
 * Counts what the system shows applied of a write scenario's first `sent` requests: flipped check-ins, new journal
 * entries, memberships of the joined groups, new uploads; and anything changed beyond what was sent.
 */
export const countApplied = async (ctx, name, prepared, sent) => {
  const used = prepared.requests.slice(0, sent);
  switch (name) {
    case 'checkin':
    case 'checkin-keyed': {
      const after = await checkInState(ctx, prepared.writers, prepared.dates);
      let applied = 0;
      let unexpected = 0;
      for (const [k, r] of prepared.requests.entries()) {
        const habitId = r.path.split('/')[3];
        const key = `${r.m}|${habitId}|${r.body.date}`;
        const flipped = Boolean(after.get(key)) !== Boolean(prepared.before[key]);
        if (flipped && k < sent) applied++;
        if (flipped && k >= sent) unexpected++;
      }
      return { applied, unexpected };
    }
    case 'journal-save':
    case 'journal-save-keyed':
    case 'upload': {
      const after = name === 'upload' ? await uploadTotals(ctx, prepared.writers) : await journalTotals(ctx, prepared.writers);
      let applied = 0;
      for (const m of prepared.writers) applied += after.get(m) - prepared.before[m];
      return { applied, unexpected: 0 };
    }
    case 'join': {
      const after = await groupsOf(ctx, prepared.joiners);
      let applied = 0;
      let unexpected = 0;
      for (const [k, r] of prepared.requests.entries()) {
        const joined = after.get(r.m).has(r.path.split('/')[3]);
        if (joined && k < sent) applied++;
        if (joined && k >= sent) unexpected++;
      }
      prepared.joined = used.filter((r) => after.get(r.m).has(r.path.split('/')[3]));
      return { applied, unexpected };
    }
    default:
      return null;
  }
};

/**
 * Takes back what a write scenario added, so the seeded data stays the same size run after run: the joins are left,
 * the new journal entries and uploads (created since `since`) deleted. Check-in flips need nothing: the next run flips
 * from whatever it finds. Returns how many it took back.
 */
export const cleanUp = async (ctx, name, prepared, since) => {
  let removed = 0;
  if (name === 'join') {
    await mapLimit(prepared.joined ?? [], ctx.concurrency, async (r) => {
      const res = await requestWithRetry(ctx.apiUrl, 'POST', `/api/groups/${r.path.split('/')[3]}/leave`, {
        token: ctx.tokens.token(r.m),
        body: {},
      });
      if (res.status < 300) removed++;
    });
  }
  if (name === 'journal-save' || name === 'journal-save-keyed' || name === 'upload') {
    const list =
      name === 'upload'
        ? (m, page) => `/api/uploads?mine=1&page=${page}&pageSize=50`
        : (m, page) => `/api/journal/entries?page=${page}&pageSize=50`;
    const remove = name === 'upload' ? (id) => `/api/uploads/${id}` : (id) => `/api/journal/entries/${id}`;
    await mapLimit(prepared.writers, ctx.concurrency, async (m) => {
      const token = ctx.tokens.token(m);
      const mine = [];
      for (let page = 1; page < 1000; page++) {
        const body = expectOk(await requestWithRetry(ctx.apiUrl, 'GET', list(m, page), { token }), 'list for clean-up');
        const fresh = body.items.filter((item) => new Date(item.createdAt).getTime() >= since);
        mine.push(...fresh);
        if (fresh.length < body.items.length || body.items.length < 50) break;
      }
      for (const item of mine) {
        const res = await requestWithRetry(ctx.apiUrl, 'DELETE', remove(item.id), { token });
        if (res.status < 300) removed++;
      }
    });
  }
  return removed;
};
