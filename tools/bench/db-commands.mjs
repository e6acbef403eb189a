// Database round trips per command: each service instance counts the commands its MongoDB driver sends
// (db_commands_total on its metrics port, libs/platform/src/database/database.module.ts). A scenario's phase reads
// them before and after; the growth per service, divided by the requests the phase ran, is what one command cost.
// Background work the requests caused (the outbox relay publishing their events, consumers applying them) counts too:
// it is part of what a write costs. What the stack does when idle (pollers, lease renewals, each instance's own) is
// measured once before the scenarios and taken off, so the figure is the requests' and not the clock's.

const SERIES = /^db_commands_total\{([^}]*)\}\s+([0-9.e+-]+)$/;

const LABEL = /(\w+)="([^"]*)"/g;

/** db_commands_total in one instance's exposition text: the sum, and per `command collection` (`update habit_boards`). */
export const commandsIn = (text) => {
  let total = 0;
  const byKind = {};
  for (const line of text.split('\n')) {
    const match = SERIES.exec(line.trim());
    if (!match) continue;
    const n = Number(match[2]);
    total += n;
    const labels = Object.fromEntries([...match[1].matchAll(LABEL)].map(([, key, value]) => [key, value]));
    const kind = [labels.command, labels.collection].filter(Boolean).join(' ');
    byKind[kind] = (byKind[kind] ?? 0) + n;
  }
  return { total, byKind };
};

const scrape = async (port) => {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(5000) });
    return res.ok ? commandsIn(await res.text()) : null;
  } catch {
    return null;
  }
};

/**
 * Commands sent so far per service, summed over its instances ({ name, metricsPort }[], from stackInstances); with
 * `kinds`, also per `service: command collection`.
 */
export const commandCounts = async (instances, kinds = null) => {
  const counts = {};
  await Promise.all(
    instances.map(async ({ name, metricsPort }) => {
      const scraped = await scrape(metricsPort);
      if (scraped === null) return;
      counts[name] = (counts[name] ?? 0) + scraped.total;
      if (kinds) for (const [kind, n] of Object.entries(scraped.byKind)) kinds[`${name}: ${kind}`] = (kinds[`${name}: ${kind}`] ?? 0) + n;
    }),
  );
  return counts;
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round2 = (x) => Math.round(x * 100) / 100;

/** Commands per second each service sends with no request coming in, over `ms`. */
export const idleCommandRates = async (instances, ms = 5000) => {
  const before = await commandCounts(instances);
  const started = Date.now();
  await sleep(ms);
  const after = await commandCounts(instances);
  const seconds = (Date.now() - started) / 1000;
  return Object.fromEntries(Object.entries(after).map(([name, n]) => [name, round2(Math.max(0, n - (before[name] ?? 0)) / seconds)]));
};

/**
 * Waits until every service sends no more commands than at rest (within `slack` per second), two polls in a row: the
 * work earlier requests left behind (consumers applying their events, a clean-up's deletes) is done, so it neither
 * loads the next phase nor goes uncounted in the phase that caused it. Answers the seconds waited; gives up after
 * `maxMs` (the stack never quietens: that is reported, not hidden).
 */
export const settle = async (instances, idle = {}, { pollMs = 500, slack = 10, maxMs = 60_000 } = {}) => {
  const started = Date.now();
  let quiet = 0;
  let before = await commandCounts(instances);
  let at = Date.now();
  while (Date.now() - started < maxMs) {
    await sleep(pollMs);
    const after = await commandCounts(instances);
    const seconds = (Date.now() - at) / 1000;
    const busy = Object.entries(after).some(([name, n]) => (n - (before[name] ?? 0)) / seconds > (idle[name] ?? 0) * 2 + slack);
    quiet = busy ? 0 : quiet + 1;
    if (quiet >= 2) return { seconds: round2((Date.now() - started) / 1000), settled: true };
    before = after;
    at = Date.now();
  }
  return { seconds: round2((Date.now() - started) / 1000), settled: false };
};

/** Kinds that grew by at least 0.05 per request, largest first: where one request's round trips went. */
const topKinds = (before, after, requests) =>
  Object.fromEntries(
    Object.entries(after)
      .map(([kind, n]) => [kind, round2((n - (before[kind] ?? 0)) / requests)])
      .filter(([, perRequest]) => perRequest >= 0.05)
      .sort((a, b) => b[1] - a[1]),
  );

/**
 * Starts a window: `stop(requests)` gives { perService: { formation: 12.1, … }, total, requests, idle, byKind }
 * (commands per request, two decimals), from the counts at start and at stop less `idle` (commands per second,
 * idleCommandRates) for the window's length. `byKind` (per `service: command collection`) keeps the idle share in.
 */
export const commandWindow = async (instances, idle = {}) => {
  const kindsBefore = {};
  const before = await commandCounts(instances, kindsBefore);
  const started = Date.now();
  return {
    stop: async (requests) => {
      const kindsAfter = {};
      const after = await commandCounts(instances, kindsAfter);
      const seconds = (Date.now() - started) / 1000;
      const perService = {};
      let total = 0;
      let raw = 0;
      for (const [name, n] of Object.entries(after)) {
        const grown = n - (before[name] ?? 0);
        raw += Math.max(0, grown);
        const own = grown - (idle[name] ?? 0) * seconds;
        if (own <= 0 || !requests) continue;
        perService[name] = round2(own / requests);
        total += own;
      }
      return {
        perService,
        total: requests ? round2(total / requests) : null,
        withIdle: requests ? round2(raw / requests) : null,
        requests,
        seconds: round2(seconds),
        byKind: requests ? topKinds(kindsBefore, kindsAfter, requests) : {},
      };
    },
  };
};
