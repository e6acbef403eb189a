// Database round trips per command: each service instance counts the commands its MongoDB driver sends
// (db_commands_total on its metrics port, libs/platform/src/database/database.module.ts). A scenario's phase reads
// them before and after; the growth per service, divided by the requests the phase ran, is what one command cost.
// Background work the requests caused (the outbox relay publishing their events, consumers applying them) counts too:
// it is part of what a write costs. What the stack does when idle (pollers, lease renewals, each instance's own) is
// measured once before the scenarios and taken off, so the figure is the requests' and not the clock's.

const SERIES = /^db_commands_total\{([^}]*)\}\s+([0-9.e+-]+)$/;

/** The sum of db_commands_total in one instance's exposition text (every command name). */
export const commandsIn = (text) => {
  let total = 0;
  for (const line of text.split('\n')) {
    const match = SERIES.exec(line.trim());
    if (match) total += Number(match[2]);
  }
  return total;
};

const scrape = async (port) => {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(5000) });
    return res.ok ? commandsIn(await res.text()) : null;
  } catch {
    return null;
  }
};

/** Commands sent so far per service, summed over its instances ({ name, metricsPort }[], from stackInstances). */
export const commandCounts = async (instances) => {
  const counts = {};
  await Promise.all(
    instances.map(async ({ name, metricsPort }) => {
      const n = await scrape(metricsPort);
      if (n !== null) counts[name] = (counts[name] ?? 0) + n;
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
 * Starts a window: `stop(requests)` gives { perService: { formation: 12.1, … }, total, requests, idle } (commands per
 * request, two decimals), from the counts at start and at stop less `idle` (commands per second, idleCommandRates)
 * for the window's length.
 */
export const commandWindow = async (instances, idle = {}) => {
  const before = await commandCounts(instances);
  const started = Date.now();
  return {
    stop: async (requests) => {
      const after = await commandCounts(instances);
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
      };
    },
  };
};
