import { devPorts } from '@abide/contracts';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { z } from 'zod';
import { communityEnvSchema } from '../../apps/community/src/config/env.schema';
import { formationEnvSchema } from '../../apps/formation/src/config/env.schema';
import { gatewayEnvSchema } from '../../apps/gateway/src/config/env.schema';
import { identityEnvSchema } from '../../apps/identity/src/config/env.schema';
import { libraryEnvSchema } from '../../apps/library/src/config/env.schema';

// docker-compose.yml cannot run on these machines (no Docker), so this keeps it honest against the apps' real configuration.
const root = path.resolve(__dirname, '../..');
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<
    string,
    {
      environment?: Record<string, string | number>;
      ports?: string[];
      image?: string;
      command?: string | string[];
      depends_on?: Record<string, { condition: string }>;
      healthcheck?: { test: string[] };
    }
  >;
};
const schemas: Record<string, z.ZodTypeAny> = {
  gateway: gatewayEnvSchema,
  identity: identityEnvSchema,
  formation: formationEnvSchema,
  library: libraryEnvSchema,
  community: communityEnvSchema,
};
const envOf = (service: string): Record<string, string> =>
  Object.fromEntries(Object.entries(compose.services[service].environment ?? {}).map(([k, v]) => [k, String(v)]));
const urlPort = (url: string) => new URL(url).port;

describe('docker-compose.yml', () => {
  it.each(Object.keys(schemas))('gives %s every variable its configuration requires, with valid values', (service) => {
    const sut = schemas[service].safeParse(envOf(service));

    expect(sut.success ? [] : sut.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
  });

  it.each(Object.keys(schemas))('publishes %s on its port in libs/contracts/src/ports.ts', (service) => {
    const port = devPorts[service as keyof typeof devPorts];

    expect(envOf(service).PORT).toBe(String(port));
    expect(compose.services[service].ports).toContain(`${port}:${port}`);
  });

  it('points the gateway at each service on the port that service listens on', () => {
    const env = envOf('gateway');
    for (const service of ['identity', 'formation', 'library', 'community']) {
      const url = new URL(env[`${service.toUpperCase()}_URL`]);
      expect({ service, host: url.hostname, port: url.port }).toEqual({ service, host: service, port: envOf(service).PORT });
    }
  });

  it('points every service at the JWKS identity really serves', () => {
    for (const service of Object.keys(schemas)) {
      const url = new URL(envOf(service).AUTH_JWKS_URL);
      expect([url.hostname, url.port, url.pathname]).toEqual(['identity', envOf('identity').PORT, '/.well-known/jwks.json']);
    }
  });

  it('points the services at engines that exist in the file, on the ports those engines listen on', () => {
    for (const service of ['identity', 'formation', 'library', 'community']) {
      const env = envOf(service);
      expect(compose.services[new URL(env.MONGO_URL).hostname]?.image).toMatch(/^mongo:/);
      const [kafkaHost, kafkaPort] = env.KAFKA_BROKERS.split(':');
      expect(compose.services[kafkaHost]?.environment?.KAFKA_ADVERTISED_LISTENERS).toBe(`PLAINTEXT://${kafkaHost}:${kafkaPort}`);
    }
    const library = envOf('library');
    const minio = compose.services[library.S3_ENDPOINT];
    expect(String(minio.command)).toContain(`--address :${library.S3_PORT}`);
    expect([library.S3_ACCESS_KEY, library.S3_SECRET_KEY]).toEqual([
      minio.environment?.MINIO_ROOT_USER,
      minio.environment?.MINIO_ROOT_PASSWORD,
    ]);
    expect(compose.services[new URL(library.REDIS_URL).hostname]?.image).toMatch(/^redis:/);
    expect(urlPort(library.REDIS_URL)).toBe('6379');
  });

  it('builds an image that installs every workspace package', () => {
    const dockerfile = readFileSync(path.join(root, 'deploy', 'Dockerfile'), 'utf8');
    const workspaces = ['apps', 'libs'].flatMap((dir) =>
      readdirSync(path.join(root, dir), { withFileTypes: true })
        .filter((d) => d.isDirectory() && readdirSync(path.join(root, dir, d.name)).includes('package.json'))
        .map((d) => `${dir}/${d.name}/package.json`),
    );

    for (const manifest of workspaces) expect(dockerfile).toContain(`COPY ${manifest} `);
  });

  it('creates the topics in one step that every Kafka user waits for, and the broker creates none by itself', () => {
    const step = compose.services['kafka-topics'];
    const script = (step.command as string[]).find((part) => part.endsWith('.ts'));
    expect(script && readdirSync(path.join(root, path.dirname(script)))).toContain(path.basename(script ?? ''));
    expect(compose.services.kafka.environment?.KAFKA_AUTO_CREATE_TOPICS_ENABLE).toBe('false');
    for (const service of ['identity', 'formation', 'library', 'community']) {
      expect({ service, topics: compose.services[service].depends_on?.['kafka-topics']?.condition }).toEqual({
        service,
        topics: 'service_completed_successfully',
      });
    }
  });

  it.each(Object.keys(schemas))('checks %s with its readiness endpoint', (service) => {
    expect(compose.services[service].healthcheck?.test.join(' ')).toContain('/health/ready');
  });
});
