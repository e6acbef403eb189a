import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// tools/stack/services.mjs is an ES module and Jest runs this file as CommonJS, so it is read in a child process.
const services = pathToFileURL(path.resolve(__dirname, 'services.mjs')).href;
const prometheus = pathToFileURL(path.resolve(__dirname, '../infra/lib/prometheus.mjs')).href;
const evaluate = <T>(imports: string, expression: string): T =>
  JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', `${imports}; console.log(JSON.stringify(${expression}));`], {
      encoding: 'utf8',
      env: { ...process.env, ABIDE_PORT_OFFSET: '0', ABIDE_TEST_SLOT: '0' },
    }),
  ) as T;
const devMetricsPorts = () => evaluate<Record<string, number>>(`import { metricsPorts } from '${services}'`, 'metricsPorts.dev');

describe("Prometheus's targets", () => {
  it('are the metrics ports the dev stack gives its apps (deploy/prometheus/targets.json, read by both Prometheus setups)', () => {
    const targets = JSON.parse(readFileSync(path.resolve(__dirname, '../../deploy/prometheus/targets.json'), 'utf8')) as Array<{
      targets: string[];
      labels: { service: string };
    }>;
    const scraped = Object.fromEntries(targets.map((t) => [t.labels.service, Number(t.targets[0].split(':')[1])]));
    expect(scraped).toEqual(devMetricsPorts());
  });

  it.each(['bench', 'test'])("include the %s stack's, so the operations page shows its traffic", (stack) => {
    const config = evaluate<string>(`import { localPrometheusConfig } from '${prometheus}'`, 'localPrometheusConfig()');
    const ports = evaluate<Record<string, number>>(`import { metricsPorts } from '${services}'`, `metricsPorts[${JSON.stringify(stack)}]`);
    for (const [service, port] of Object.entries(ports)) {
      expect(config).toContain(`- targets: ['127.0.0.1:${port}']\n        labels: { service: ${service}, stack: ${stack} }`);
    }
  });
});
