import { Gauge } from 'prom-client';
import { metricsRegistry, onScrape, scrapeMetrics, throttled } from './registry';

describe('scrapeMetrics', () => {
  const gauge = new Gauge({ name: 'test_scrape_gauge', help: 'test', registers: [metricsRegistry] });
  afterAll(() => metricsRegistry.removeSingleMetric('test_scrape_gauge'));

  it('answers with the last values when a collector fails or hangs (an engine away), within the time limit', async () => {
    gauge.set(7);
    const stops = [onScrape(() => Promise.reject(new Error('broker away'))), onScrape(() => new Promise<void>(() => undefined))];
    const started = Date.now();

    const text = await scrapeMetrics();

    stops.forEach((stop) => stop());
    expect(text).toContain('test_scrape_gauge 7');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('refreshes a throttled collector at most once per period, and never twice at a time', async () => {
    let refreshes = 0;
    const stop = onScrape(
      throttled(async () => {
        refreshes++;
        gauge.set(refreshes);
      }, 60_000),
    );

    await Promise.all([scrapeMetrics(), scrapeMetrics()]);
    const text = await scrapeMetrics();

    stop();
    expect(refreshes).toBe(1);
    expect(text).toContain('test_scrape_gauge 1');
  });
});
