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

  it("are docker-compose's too: its Prometheus finds every container of each service in targets.json on the same port", () => {
    const targets = JSON.parse(readFileSync(path.resolve(__dirname, '../../deploy/prometheus/targets.json'), 'utf8')) as Array<{
      targets: string[];
    }>;
    const compose = readFileSync(path.resolve(__dirname, '../../deploy/prometheus/prometheus.yml'), 'utf8');
    const discovered = [...compose.matchAll(/- \{ names: \[(\w+)\], type: A, port: (\d+)/g)].map(([, name, port]) => `${name}:${port}`);
    expect(discovered).toEqual(targets.flatMap((t) => t.targets));
  });

  it.each(['dev', 'bench', 'test'])("include every instance of the %s stack's, each labelled with its process", (stack) => {
    const config = evaluate<string>(`import { localPrometheusConfig } from '${prometheus}'`, 'localPrometheusConfig()');
    // The most replicas a stack may run: each process's metrics port, as the stack gives it (stackInstances).
    const instances = evaluate<Array<{ name: string; label: string; metricsPort: number }>>(
      `import { stackInstances, MAX_REPLICAS } from '${services}'`,
      `stackInstances(${JSON.stringify(stack)}, MAX_REPLICAS)`,
    );
    expect(instances.length).toBe(1 + 4 * 5);
    for (const { name, label, metricsPort } of instances) {
      expect(config).toContain(`- targets: ['127.0.0.1:${metricsPort}']\n        labels: { service: ${name}, stack: ${stack}, instance: ${label} }`);
    }
  });
});
