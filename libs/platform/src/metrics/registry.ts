import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The process's one metrics registry: every metric of docs/architecture.md "Metrics" lives here, and the metrics
 * listener (metrics-server.ts) serves it. One registry per process, since one process is one service.
 */
export const metricsRegistry = new Registry();

let processMetricsOn = false;

/** Labels every series with the service's name and adds prom-client's process metrics (memory, CPU, event loop, GC). */
export const enableProcessMetrics = (service: string): void => {
  metricsRegistry.setDefaultLabels({ service });
  if (processMetricsOn) return;
  processMetricsOn = true;
  collectDefaultMetrics({ register: metricsRegistry });
};

/** Refreshes gauges that are read from elsewhere (Kafka offsets, BullMQ counts, the outbox) before a scrape. */
export type ScrapeCollector = () => Promise<void>;

const collectors = new Set<ScrapeCollector>();

/** Runs `collector` before each scrape until the returned function is called. */
export const onScrape = (collector: ScrapeCollector): (() => void) => {
  collectors.add(collector);
  return () => collectors.delete(collector);
};

/** How long a scrape waits for the collectors; one that is slower (an engine away) leaves its last values. */
const COLLECT_TIMEOUT_MS = 1500;

/** The exposition text: collectors first, within a time limit, so a scrape never fails because an engine is away. */
export const scrapeMetrics = async (): Promise<string> => {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, COLLECT_TIMEOUT_MS);
  });
  const all = Promise.all([...collectors].map((collect) => collect().catch(() => undefined)));
  await Promise.race([all, deadline]);
  clearTimeout(timer);
  return metricsRegistry.metrics();
};

/**
 * Wraps a refresh so that it runs at most once every `maxAgeMs` and never twice at a time: scrapes from several
 * Prometheus servers (or a slow engine) never multiply the reads it makes.
 */
export const throttled = (refresh: () => Promise<void>, maxAgeMs = 5000): ScrapeCollector => {
  let last = 0;
  let pending: Promise<void> | undefined;
  return () => {
    if (pending) return pending;
    if (Date.now() - last < maxAgeMs) return Promise.resolve();
    last = Date.now();
    pending = refresh().finally(() => (pending = undefined));
    return pending;
  };
};
