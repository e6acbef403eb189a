/**
 * The test stack's Prometheus listeners, one per process (every replica of a service has its own), and their text
 * read as samples: for specs that check what the services count, at any replica count.
 */

/** One process of the test stack: its service, its label (`formation`, `formation-2`, …) and its metrics URL. */
export interface StackMetricsInstance {
  service: string;
  label: string;
  url: string;
}

/** Every process's metrics listener, as the stack's global setup started them (E2E_METRICS_INSTANCES). */
export const stackMetricsInstances = (service?: string): StackMetricsInstance[] => {
  const all = JSON.parse(process.env.E2E_METRICS_INSTANCES ?? '[]') as StackMetricsInstance[];
  if (all.length === 0) throw new Error('E2E_METRICS_INSTANCES is not set: run through a stack project (stack.global-setup.mjs)');
  return service ? all.filter((i) => i.service === service) : all;
};

export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export const parseMetrics = (text: string): MetricSample[] =>
  text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
      if (!match) throw new Error(`not a Prometheus sample: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, k, v]) => [k, v]));
      return { name: match[1], labels, value: Number(match[3]) };
    });

/** One process's metrics at one moment. */
export class MetricsScrape {
  constructor(
    readonly samples: MetricSample[],
    /** The metrics the text declares (`# TYPE`), sampled yet or not. */
    readonly declared: Set<string>,
  ) {}

  static fromText(text: string): MetricsScrape {
    return new MetricsScrape(parseMetrics(text), new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1])));
  }

  /** The samples of a metric whose labels include `labels`. */
  of(name: string, labels: Record<string, string> = {}): MetricSample[] {
    return this.samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  }

  /** Sum over the samples of a metric whose labels include `labels` (0 when there are none). */
  sum(name: string, labels: Record<string, string> = {}): number {
    return this.of(name, labels).reduce((total, s) => total + s.value, 0);
  }
}

/** GET one listener; a listener that does not answer 200 with Prometheus's text format fails the caller. */
export const scrapeMetrics = async (url: string): Promise<MetricsScrape> => {
  const res = await fetch(url);
  const type = res.headers.get('content-type') ?? '';
  if (res.status !== 200 || !type.includes('text/plain')) throw new Error(`${url} answered ${res.status} (${type}), not Prometheus text`);
  return MetricsScrape.fromText(await res.text());
};

/** Every process's metrics at one moment, by label (`formation-2` → its scrape). */
export const scrapeStack = async (instances = stackMetricsInstances()): Promise<Map<string, MetricsScrape>> =>
  new Map(await Promise.all(instances.map(async (i) => [i.label, await scrapeMetrics(i.url)] as const)));
