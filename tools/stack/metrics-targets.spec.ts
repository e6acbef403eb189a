import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// tools/stack/services.mjs is an ES module and Jest runs this file as CommonJS, so it is read in a child process.
const services = pathToFileURL(path.resolve(__dirname, 'services.mjs')).href;
const devMetricsPorts = (): Record<string, number> =>
  JSON.parse(
    execFileSync(
      process.execPath,
      ['--input-type=module', '-e', `import { metricsPorts } from '${services}'; console.log(JSON.stringify(metricsPorts.dev));`],
      {
        encoding: 'utf8',
        env: { ...process.env, ABIDE_PORT_OFFSET: '0', ABIDE_TEST_SLOT: '0' },
      },
    ),
  );

describe("Prometheus's targets", () => {
  it('are the metrics ports the dev stack gives its apps (deploy/prometheus/targets.json, read by both Prometheus setups)', () => {
    const targets = JSON.parse(readFileSync(path.resolve(__dirname, '../../deploy/prometheus/targets.json'), 'utf8')) as Array<{
      targets: string[];
      labels: { service: string };
    }>;
    const scraped = Object.fromEntries(targets.map((t) => [t.labels.service, Number(t.targets[0].split(':')[1])]));
    expect(scraped).toEqual(devMetricsPorts());
  });
});
