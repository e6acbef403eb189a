// Database round trips per command: each service instance counts the commands its MongoDB driver sends
// (db_commands_total on its metrics port, libs/platform/src/database/database.module.ts). A scenario's phase reads
// them before and after; the growth per service, divided by the requests the phase ran, is what one command cost.
// Background work meanwhile (the outbox relay, consumers applying the events the writes caused) counts too: it is
// part of what a write costs.

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

/**
 * Starts a window: `stop(requests)` gives { perService: { formation: 12.1, … }, total, requests } (commands per request,
 * two decimals), from the counts at start and at stop.
 */
export const commandWindow = async (instances) => {
  const before = await commandCounts(instances);
  return {
    stop: async (requests) => {
      const after = await commandCounts(instances);
      const perService = {};
      let total = 0;
      for (const [name, n] of Object.entries(after)) {
        const grown = n - (before[name] ?? 0);
        if (grown <= 0 || !requests) continue;
        perService[name] = Math.round((grown / requests) * 100) / 100;
        total += grown;
      }
      return { perService, total: requests ? Math.round((total / requests) * 100) / 100 : null, requests };
    },
  };
};
