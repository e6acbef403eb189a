import { HISTOGRAM_METRIC_NAMES, METRIC_NAMES } from '@abide/contracts';
import './instruments';
import { enableProcessMetrics, metricsRegistry } from './registry';

describe('the metric names the dashboards may query (libs/contracts/src/metric-names.ts)', () => {
  enableProcessMetrics('spec');
  const registered = new Map(metricsRegistry.getMetricsAsArray().map((m) => [m.name, m.type as unknown as string]));
  const ours = [...registered.keys()].filter((name) => !/^(process|nodejs)_/.test(name));

  it('are all exported by every service, histograms as histograms', () => {
    for (const name of METRIC_NAMES) expect(registered.has(name) ? name : `missing ${name}`).toBe(name);
    for (const name of HISTOGRAM_METRIC_NAMES) expect(`${name}: ${registered.get(name)}`).toBe(`${name}: histogram`);
  });

  it('list every metric of our own, so a new one is added to the contract (and the dashboards) on purpose', () => {
    expect(ours.filter((name) => !(METRIC_NAMES as readonly string[]).includes(name))).toEqual([]);
  });
});
