import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { z } from 'zod';
import { loadConfig } from '@abide/platform';
import { communityEnvSchema } from '../../apps/community/src/config/env.schema';
import { formationEnvSchema } from '../../apps/formation/src/config/env.schema';
import { gatewayEnvSchema } from '../../apps/gateway/src/config/env.schema';
import { identityEnvSchema } from '../../apps/identity/src/config/env.schema';
import { libraryEnvSchema } from '../../apps/library/src/config/env.schema';
import { provisionTopicsEnvSchema } from '../../libs/messaging/src/topics/provision-topics.env';

// deploy/k8s rendered with kustomize and checked with kubeconform against the Kubernetes schemas (offline: see
// tools/deploy/kube-tools.mjs for where kustomize, kubeconform and the schemas come from), then read as the cluster would.
const root = path.resolve(__dirname, '../..');
const base = 'deploy/k8s/base';
const production = 'deploy/k8s/overlays/production';
const schemas: Record<string, z.ZodObject<z.ZodRawShape>> = {
  gateway: gatewayEnvSchema,
  identity: identityEnvSchema,
  formation: formationEnvSchema,
  library: libraryEnvSchema,
  community: communityEnvSchema,
};

interface Resource {
  kind: string;
  metadata: { name: string; annotations?: Record<string, string> };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- manifests of many kinds, read field by field
}
interface Report {
  ok: boolean;
  resources: { dir: string; kind: string; name: string; status: string; msg: string }[];
}

const kubeTools = (...args: string[]) =>
  spawnSync(process.execPath, ['tools/deploy/kube-tools.mjs', ...args], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const rendered = (dir: string): Resource[] => {
  const r = kubeTools('render', dir);
  if (r.status !== 0) throw new Error(r.stderr);
  return parseAllDocuments(r.stdout).map((d) => d.toJS() as Resource);
};
const validate = (...dirs: string[]): Report => {
  const r = kubeTools('validate', ...dirs);
  if (!r.stdout) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as Report;
};
const find = (resources: Resource[], kind: string, name: string) => resources.find((r) => r.kind === kind && r.metadata.name === name);
const containerOf = (deployment: Resource | undefined) => deployment?.spec.template.spec.containers[0];

/** The environment a Deployment's container gets: its ConfigMaps and Secrets (envFrom) in order, then its own `env`. */
const envOf = (resources: Resource[], app: string, kind: 'Deployment' | 'Job' = 'Deployment'): Record<string, string> => {
  const container = containerOf(find(resources, kind, app));
  const env: Record<string, string> = {};
  for (const from of container.envFrom ?? []) {
    const source = from.configMapRef
      ? find(resources, 'ConfigMap', from.configMapRef.name)?.data
      : find(resources, 'Secret', from.secretRef.name)?.stringData;
    if (!source) throw new Error(`${app} reads ${JSON.stringify(from)}, which the base does not define`);
    Object.assign(env, source);
  }
  for (const { name, value } of container.env ?? []) env[name] = value;
  return env;
};

/** A pod as a NetworkPolicy sees it: its `app.kubernetes.io/name` and its namespace (`abide` unless said). */
interface Pod {
  name: string;
  namespace?: string;
}
interface Peer {
  podSelector?: { matchLabels?: Record<string, string> };
  namespaceSelector?: { matchLabels?: Record<string, string> };
  ipBlock?: unknown;
}
interface Rule {
  from?: Peer[];
  to?: Peer[];
  ports?: { port?: number }[];
}
const selects = (selector: { matchLabels?: Record<string, string> } | undefined, labels: Record<string, string>) =>
  Object.entries(selector?.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
/** A peer of a rule: pods of the policy's namespace, or of the namespaces it selects. Address blocks stand for the internet. */
const peerMatches = (peer: Peer, pod: Pod) => {
  if (peer.ipBlock) return false;
  const namespace = pod.namespace ?? 'abide';
  const inNamespace = peer.namespaceSelector
    ? selects(peer.namespaceSelector, { 'kubernetes.io/metadata.name': namespace })
    : namespace === 'abide';
  return inNamespace && (!peer.podSelector || selects(peer.podSelector, { 'app.kubernetes.io/name': pod.name }));
};
const ruleAllows = (rules: Rule[] | undefined, peers: 'from' | 'to', pod: Pod, port: number) =>
  (rules ?? []).some(
    (rule) => (rule[peers] ?? [{}]).some((peer) => peerMatches(peer, pod)) && (!rule.ports || rule.ports.some((p) => p.port === port)),
  );
/** Whether the NetworkPolicies let `from` open a connection to `to` on `port`: `from`'s egress and `to`'s ingress both allow it. */
const reaches = (resources: Resource[], from: Pod, to: Pod, port: number): boolean => {
  const policies = resources.filter((r) => r.kind === 'NetworkPolicy');
  const on = (pod: Pod, type: 'Ingress' | 'Egress') =>
    (pod.namespace ?? 'abide') !== 'abide'
      ? undefined
      : policies.filter((p) => p.spec.policyTypes.includes(type) && selects(p.spec.podSelector, { 'app.kubernetes.io/name': pod.name }));
  const egress = on(from, 'Egress');
  const ingress = on(to, 'Ingress');
  const out = egress === undefined || (egress.length > 0 && egress.some((p) => ruleAllows(p.spec.egress, 'to', to, port)));
  const inn = ingress === undefined || (ingress.length > 0 && ingress.some((p) => ruleAllows(p.spec.ingress, 'from', from, port)));
  return out && inn;
};

/** The variables a schema cannot do without: those with neither a default nor `optional()`. */
const requiredBy = (schema: z.ZodObject<z.ZodRawShape>): string[] =>
  Object.entries(schema.shape)
    .filter(([, field]) => !(field as z.ZodTypeAny).safeParse(undefined).success)
    .map(([name]) => name);

describe('Kubernetes manifests (deploy/k8s)', () => {
  let report: Report;
  let baseResources: Resource[];
  let productionResources: Resource[];

  beforeAll(() => {
    // The first run builds kubeconform and downloads the schemas (cached afterwards).
    report = validate(base, production);
    baseResources = rendered(base);
    productionResources = rendered(production);
  }, 600_000);

  it('are valid against the Kubernetes schemas, base and production overlay, with no kind left unchecked', () => {
    expect(report.resources.filter((r) => r.status !== 'statusValid')).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.resources.filter((r) => r.dir === production).length).toBe(productionResources.length);
  });

  it('are refused when a field is not part of the Kubernetes API', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'abide-kustomize-'));
    try {
      writeFileSync(path.join(dir, 'kustomization.yaml'), 'resources: [service.yaml]\n');
      writeFileSync(
        path.join(dir, 'service.yaml'),
        'apiVersion: v1\nkind: Service\nmetadata: { name: x }\nspec: { ports: [{ port: 80, targtPort: 8080 }] }\n',
      );

      const verdict = validate(dir);

      expect(verdict.ok).toBe(false);
      expect(verdict.resources[0]).toMatchObject({ kind: 'Service', status: 'statusInvalid', msg: expect.stringContaining('targtPort') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each(Object.keys(schemas))('give %s every variable its env schema requires, with valid values, from ConfigMaps and Secrets', (app) => {
    const env = envOf(baseResources, app);
    const missing = requiredBy(schemas[app]).filter((name) => !(name in env));
    const parsed = schemas[app].safeParse(env);

    expect(missing).toEqual([]);
    expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
  });

  it.each(Object.keys(schemas))('run %s compiled, probed on the routes it serves, scraped on its metrics port', (app) => {
    const deployment = find(baseResources, 'Deployment', app);
    const container = containerOf(deployment);
    const env = envOf(baseResources, app);
    const portNamed = (name: string) => container.ports.find((p: { name: string }) => p.name === name)?.containerPort;

    expect(container.command).toEqual(['node', `dist/apps/${app}/main.js`]);
    expect(String(portNamed('http'))).toBe(env.PORT);
    expect(String(portNamed('metrics'))).toBe(env.METRICS_PORT);
    expect(container.readinessProbe.httpGet).toEqual({ path: '/health/ready', port: 'http' });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/health/live', port: 'http' });
    expect(deployment?.spec.template.metadata.annotations).toEqual({
      'prometheus.io/scrape': 'true',
      'prometheus.io/port': env.METRICS_PORT,
      'prometheus.io/path': '/metrics',
    });
  });

  it.each([...Object.keys(schemas), 'web'])('give %s requests and limits, an autoscaler, a disruption budget and a Service', (app) => {
    const container = containerOf(find(baseResources, 'Deployment', app));
    const hpa = find(baseResources, 'HorizontalPodAutoscaler', app);
    const pdb = find(baseResources, 'PodDisruptionBudget', app);
    const service = find(baseResources, 'Service', app);

    expect(Object.keys(container.resources.requests).sort()).toEqual(['cpu', 'memory']);
    expect(Object.keys(container.resources.limits).sort()).toEqual(['cpu', 'memory']);
    expect(hpa?.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: app });
    expect(hpa?.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(pdb?.spec.selector.matchLabels).toEqual({ 'app.kubernetes.io/name': app });
    expect(service?.spec.ports[0].targetPort).toBe('http');
    expect(container.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true });
  });

  it('point every service URL at a Service that exists, on the port its app listens on', () => {
    for (const app of Object.keys(schemas)) {
      const env = envOf(baseResources, app);
      for (const [name, value] of Object.entries(env).filter(([n]) =>
        /^(IDENTITY|FORMATION|LIBRARY|COMMUNITY)_URL$|^AUTH_JWKS_URL$/.test(n),
      )) {
        const url = new URL(value);
        const target = find(baseResources, 'Service', url.hostname);
        expect({ app, name, port: String(target?.spec.ports[0].port) }).toEqual({
          app,
          name,
          port: envOf(baseResources, url.hostname).PORT,
        });
      }
    }
  });

  it('deny every connection by default, to and from every pod of the namespace', () => {
    expect(find(productionResources, 'NetworkPolicy', 'default-deny')?.spec).toEqual({
      podSelector: {},
      policyTypes: ['Ingress', 'Egress'],
    });
    for (const app of [...Object.keys(schemas), 'web', 'kafka-topics', 'prometheus', 'mongodb', 'kafka', 'redis', 'minio']) {
      expect({ app, policy: find(productionResources, 'NetworkPolicy', app)?.spec.podSelector }).toEqual({
        app,
        policy: { matchLabels: { 'app.kubernetes.io/name': app } },
      });
    }
  });

  const ingressController: Pod = { name: 'controller', namespace: 'ingress-nginx' };
  const stranger: Pod = { name: 'debug-shell' };
  it.each<[string, Pod, Pod, number]>([
    ['the Ingress controller reach the web server', ingressController, { name: 'web' }, 8080],
    ['the web server reach the gateway', { name: 'web' }, { name: 'gateway' }, 3000],
    ...['identity', 'formation', 'library', 'community'].map((service, i): [string, Pod, Pod, number] => [
      `the gateway reach ${service}`,
      { name: 'gateway' },
      { name: service },
      3001 + i,
    ]),
    ['formation reach identity’s JWKS', { name: 'formation' }, { name: 'identity' }, 3001],
    ['identity gather community’s part of a data export', { name: 'identity' }, { name: 'community' }, 3004],
    ['library reach MongoDB', { name: 'library' }, { name: 'mongodb' }, 27017],
    ['library reach MinIO', { name: 'library' }, { name: 'minio' }, 9000],
    ['the gateway reach Redis', { name: 'gateway' }, { name: 'redis' }, 6379],
    ['the topic step reach Kafka', { name: 'kafka-topics' }, { name: 'kafka' }, 9092],
    ['Prometheus scrape formation’s metrics', { name: 'prometheus' }, { name: 'formation' }, 9466],
  ])('let %s', (_what, from, to, port) => {
    expect(reaches(productionResources, from, to, port)).toBe(true);
  });

  it.each<[string, Pod, Pod, number]>([
    ['the Ingress controller reach the gateway past the web server', ingressController, { name: 'gateway' }, 3000],
    ['the web server reach identity', { name: 'web' }, { name: 'identity' }, 3001],
    ['another pod of the namespace reach the gateway', stranger, { name: 'gateway' }, 3000],
    ['another pod reach MongoDB', stranger, { name: 'mongodb' }, 27017],
    ['another namespace reach Redis', { name: 'x', namespace: 'other' }, { name: 'redis' }, 6379],
    ['the web server reach MongoDB', { name: 'web' }, { name: 'mongodb' }, 27017],
    ['the gateway reach MongoDB', { name: 'gateway' }, { name: 'mongodb' }, 27017],
    ['community reach Redis', { name: 'community' }, { name: 'redis' }, 6379],
    ['community reach MinIO', { name: 'community' }, { name: 'minio' }, 9000],
    ['formation reach library', { name: 'formation' }, { name: 'library' }, 3003],
    ['the gateway reach identity’s metrics port', { name: 'gateway' }, { name: 'identity' }, 9465],
  ])('never let %s', (_what, from, to, port) => {
    expect(reaches(productionResources, from, to, port)).toBe(false);
  });

  it('trust X-Forwarded-For from the proxy hops in front of the gateway only, never from a private range', () => {
    const env = envOf(baseResources, 'gateway');

    // The Ingress controller and the web server (deploy/nginx.conf adds its peer to X-Forwarded-For).
    expect(env.TRUST_PROXY).toBe('2');
    expect(gatewayEnvSchema.parse(env).TRUST_PROXY).toBe(2);
  });

  it.each(Object.keys(schemas))('give %s engine URLs with credentials, and refuse its placeholder secrets in production', (app) => {
    const env = envOf(baseResources, app);
    for (const name of ['MONGO_URL', 'REDIS_URL'].filter((n) => n in env)) {
      const url = new URL(env[name]);
      expect({ name, user: url.username, password: Boolean(url.password) }).toEqual({ name, user: app, password: true });
    }
    expect([env.KAFKA_SASL_MECHANISM, env.KAFKA_SASL_USERNAME, Boolean(env.KAFKA_SASL_PASSWORD)]).toEqual(['scram-sha-512', app, true]);

    expect(() => loadConfig(app, schemas[app], env)).toThrow(/refusing to start in production/);
    expect(() => loadConfig(app, schemas[app], env)).toThrow(/KAFKA_SASL_PASSWORD is a development value published in this repository/);
  });

  it('sign the topic step in to Kafka as its own user, from a placeholder Secret production leaves out', () => {
    const env = envOf(baseResources, 'kafka-topics', 'Job');

    expect(env).toMatchObject({ NODE_ENV: 'production', KAFKA_SASL_MECHANISM: 'scram-sha-512', KAFKA_SASL_USERNAME: 'kafka-topics' });
    expect(() => loadConfig('kafka-topics', provisionTopicsEnvSchema, env)).toThrow(
      /KAFKA_SASL_PASSWORD is a development value published in this repository/,
    );
    expect(find(productionResources, 'Secret', 'kafka-topics-secrets')).toBeUndefined();
    expect(containerOf(find(productionResources, 'Job', 'kafka-topics')).envFrom).toContainEqual({
      secretRef: { name: 'kafka-topics-secrets' },
    });
  });

  it('put the web app behind the Ingress, with TLS and released images in production, and no placeholder Secret', () => {
    const ingress = find(productionResources, 'Ingress', 'abide');
    const backend = ingress?.spec.rules[0].http.paths[0].backend.service;

    expect(backend).toEqual({ name: 'web', port: { name: 'http' } });
    expect(ingress?.spec.tls[0].hosts).toEqual([ingress?.spec.rules[0].host]);
    expect(productionResources.filter((r) => r.kind === 'Secret')).toEqual([]);
    const images = productionResources
      .filter((r) => r.kind === 'Deployment' || r.kind === 'Job')
      .map((r) => r.spec.template.spec.containers[0].image as string);
    for (const image of images) expect(image).toMatch(/^[\w.-]+\/abide\/(service|web):\d+\.\d+\.\d+$/);
  });
});
