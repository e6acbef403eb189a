// Event propagation: how long after a member's write the group's figures show it. A member of a group checks a habit
// in (or writes a journal entry) through the API; from the moment the write is answered, the group's leader reads
// the Leadership Dashboard back to back until that member's week shows it (the time is that of the answer which
// first showed it, an upper bound). Then the member takes it back (undo, delete), which is timed the same way and
// leaves the data as it was.
import { expectOk, request, requestWithRetry } from './api.mjs';

const TIMEOUT_MS = 30_000;

const memberWeek = async (ctx, probe) => {
  const res = await request(ctx.apiUrl, 'GET', `/api/groups/${probe.groupId}/dashboard`, { token: ctx.tokens.token(probe.leader) });
  const row = expectOk(res, 'read the dashboard').members.find((m) => m.userId === probe.userId);
  return { week: row?.week ?? null, ms: res.ms };
};

/** Reads the dashboard until `field` of the member's week equals `expected`; resolves ms since `since`, or null. */
const until = async (ctx, probe, field, expected, since) => {
  const reads = [];
  while (performance.now() - since < TIMEOUT_MS) {
    const { week, ms } = await memberWeek(ctx, probe);
    reads.push(ms);
    if (week && week[field] === expected)
      return { ms: performance.now() - since, reads: reads.length, readMs: reads.reduce((a, b) => a + b, 0) / reads.length };
  }
  return null;
};

const today = () => new Date().toISOString().slice(0, 10);

/**
 * `ctx`: { apiUrl, tokens, manifest }; `probes`: [{ userId, m, leader, groupId, habitId }]. Takes `samples` samples of
 * each kind, round-robin over the probes. Resolves { checkIn: [...], checkInUndo, journal, journalDelete, lost }.
 */
export const measurePropagation = async (ctx, probes, samples, say) => {
  const out = { checkIn: [], checkInUndo: [], journal: [], journalDelete: [], lost: [], dashboardReadMs: [] };
  const record = (list, kind, result, writeMs) => {
    if (result) {
      list.push(Number(result.ms.toFixed(1)));
      out.dashboardReadMs.push(Number(result.readMs.toFixed(1)));
    } else out.lost.push({ kind, writeMs });
  };
  for (let s = 0; s < samples; s++) {
    const probe = probes[s % probes.length];
    const token = ctx.tokens.token(probe.m);
    // A check-in of today, then its undo.
    const base = (await memberWeek(ctx, probe)).week;
    if (!base) {
      out.lost.push({ kind: 'not-sharing', userId: probe.userId });
      continue;
    }
    const habits = expectOk(await request(ctx.apiUrl, 'GET', '/api/habits', { token }), 'read habits');
    if (habits.find((h) => h.id === probe.habitId)?.completedOnDate) {
      // Left checked in by an interrupted run: take it back first, untimed.
      await requestWithRetry(ctx.apiUrl, 'POST', `/api/habits/${probe.habitId}/toggle`, {
        token,
        body: { completed: false, date: today() },
      });
      await until(ctx, probe, 'checkIns', base.checkIns - 1, performance.now());
      base.checkIns -= 1;
    }
    let res = await request(ctx.apiUrl, 'POST', `/api/habits/${probe.habitId}/toggle`, { token, body: { completed: true, date: today() } });
    let since = performance.now();
    if (res.status === 200) record(out.checkIn, 'check-in', await until(ctx, probe, 'checkIns', base.checkIns + 1, since), res.ms);
    else out.lost.push({ kind: 'check-in', status: res.status });
    res = await request(ctx.apiUrl, 'POST', `/api/habits/${probe.habitId}/toggle`, { token, body: { completed: false, date: today() } });
    since = performance.now();
    if (res.status === 200) record(out.checkInUndo, 'check-in undo', await until(ctx, probe, 'checkIns', base.checkIns, since), res.ms);
    else out.lost.push({ kind: 'check-in undo', status: res.status });

    // A journal day, then the entry deleted (the day no longer counts).
    const before = (await memberWeek(ctx, probe)).week;
    res = await request(ctx.apiUrl, 'POST', '/api/journal/entries', {
      token,
      body: { content: 'A short prayer of thanks before bed.', mood: 'grateful', isPrivate: true },
    });
    since = performance.now();
    if (res.status >= 300) {
      out.lost.push({ kind: 'journal', status: res.status });
      continue;
    }
    const shown = await until(ctx, probe, 'journalDays', before.journalDays + 1, since);
    record(out.journal, 'journal day', shown, res.ms);
    const entryId = res.body.id;
    res = await request(ctx.apiUrl, 'DELETE', `/api/journal/entries/${entryId}`, { token });
    since = performance.now();
    if (res.status < 300)
      record(out.journalDelete, 'journal delete', await until(ctx, probe, 'journalDays', before.journalDays, since), res.ms);
    if ((s + 1) % 10 === 0) say(`propagation: ${s + 1}/${samples} samples`);
  }
  return out;
};

/** Group members (not the owner) of the first `count` groups, with the habit the probe checks in. */
export const choosePropagationProbes = (manifest, count) =>
  manifest.groups
    .filter((g) => g.members.length > 0)
    .slice(0, count)
    .map((g) => {
      const m = g.members[0];
      const member = manifest.members[m];
      return { m, userId: member.userId, leader: g.ownerIndex, groupId: g.groupId, habitId: member.habitIds[0] };
    });
