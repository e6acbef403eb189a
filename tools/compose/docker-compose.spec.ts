import { devPorts } from '@abide/contracts';
import { loadConfig } from '@abide/platform';
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
      networks?: string[];
    }
  >;
  networks: Record<string, { internal?: boolean } | null>;
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
const engines = ['kafka', 'mongodb', 'redis', 'minio'];
/** The source file a compiled path of tools/build/build-services.mjs comes from (dist/apps/<app>/… or dist/node_modules/@abide/<lib>/src/…). */
const sourceOf = (compiled: string): string =>
  compiled
    .replace(/^dist\/apps\/([^/]+)\//, 'apps/$1/src/')
    .replace(/^dist\/node_modules\/@abide\/([^/]+)\//, 'libs/$1/')
    .replace(/\.js$/, '.ts');

describe('docker-compose.yml', () => {
  it.each(Object.keys(schemas))('gives %s every variable its configuration requires, with valid values', (service) => {
    const sut = schemas[service].safeParse(envOf(service));

    expect(sut.success ? [] : sut.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([]);
  });

  it.each(Object.keys(schemas))(
    'runs %s on its port in libs/contracts/src/ports.ts, published nowhere (the web app is the way in)',
    (service) => {
      const port = devPorts[service as keyof typeof devPorts];

      expect(envOf(service).PORT).toBe(String(port));
      expect(compose.services[service].ports).toBeUndefined();
    },
  );

  it('publishes ports on this machine only, the web app’s among them, and no engine but the object store browsers download from', () => {
    const published = Object.entries(compose.services).flatMap(([name, service]) => (service.ports ?? []).map((port) => ({ name, port })));

    expect(published.filter(({ port }) => !port.startsWith('127.0.0.1:'))).toEqual([]);
    expect(published).toContainEqual({ name: 'web', port: '127.0.0.1:8080:8080' });
    expect(published.filter(({ name }) => engines.includes(name)).map(({ name }) => name)).toEqual(['minio', 'minio']);
  });

  it('keeps the engines on an internal network that only the services and the topic step join', () => {
    expect(compose.networks.engines).toEqual({ internal: true });
    const onEngines = Object.keys(compose.services).filter((name) => compose.services[name].networks?.includes('engines'));

    expect(onEngines.sort()).toEqual([...engines, 'kafka-topics', ...Object.keys(schemas)].sort());
    for (const name of ['kafka', 'mongodb', 'redis', 'kafka-topics'])
      expect({ name, networks: compose.services[name].networks }).toEqual({ name, networks: ['engines'] });
  });

  it('gives MongoDB, Redis and MinIO passwords, which the services sign in with', () => {
    const mongo = compose.services.mongodb.environment ?? {};
    const redisPassword = /--requirepass (\S+)/.exec(String(compose.services.redis.command))?.[1];

    expect(mongo.MONGO_INITDB_ROOT_PASSWORD).toBeTruthy();
    expect(redisPassword).toBeTruthy();
    expect(compose.services.redis.environment?.REDISCLI_AUTH).toBe(redisPassword);
    for (const service of Object.keys(schemas)) {
      const env = envOf(service);
      if (env.MONGO_URL) {
        const url = new URL(env.MONGO_URL);
        expect({ service, user: url.username, password: url.password }).toEqual({
          service,
          user: mongo.MONGO_INITDB_ROOT_USERNAME,
          password: mongo.MONGO_INITDB_ROOT_PASSWORD,
        });
      }
      if (env.REDIS_URL) expect({ service, password: new URL(env.REDIS_URL).password }).toEqual({ service, password: redisPassword });
    }
  });

  it('signs every Kafka user in on the only listener clients reach, each app as its own user with its own password', () => {
    const broker = compose.services.kafka.environment ?? {};
    const jaas = String(broker.KAFKA_LISTENER_NAME_SASL_PLAIN_SASL_JAAS_CONFIG);
    const users = Object.fromEntries([...jaas.matchAll(/user_([\w-]+)="([^"]+)"/g)].map(([, name, password]) => [name, password]));
    const clients = [...Object.keys(schemas), 'kafka-topics'];

    expect(broker.KAFKA_LISTENER_SECURITY_PROTOCOL_MAP).toBe('CONTROLLER:PLAINTEXT,SASL:SASL_PLAINTEXT');
    expect(broker.KAFKA_ADVERTISED_LISTENERS).toBe('SASL://kafka:9092');
    for (const client of clients) {
      const env = envOf(client);
      expect({ client, mechanism: env.KAFKA_SASL_MECHANISM, password: users[env.KAFKA_SASL_USERNAME] }).toEqual({
        client,
        mechanism: 'plain',
        password: env.KAFKA_SASL_PASSWORD,
      });
    }
    expect(new Set(clients.map((client) => envOf(client).KAFKA_SASL_USERNAME)).size).toBe(clients.length);
    expect(compose.services.kafka.healthcheck?.test.join(' ')).toContain('--command-config');
  });

  it('says it runs on development secrets, which the production image refuses', () => {
    for (const service of Object.keys(schemas)) expect({ service, env: envOf(service).NODE_ENV }).toEqual({ service, env: 'development' });
    for (const service of Object.keys(schemas)) {
      expect(() => loadConfig(service, schemas[service], { ...envOf(service), NODE_ENV: 'production' })).toThrow(
        /published in this repository/,
      );
      expect(() => loadConfig(service, schemas[service], { ...envOf(service), NODE_ENV: 'production' })).toThrow(
        /KAFKA_SASL_PASSWORD is a development value published in this repository/,
      );
    }
  });

  it('trusts X-Forwarded-For from exactly the one proxy in front of the gateway (the web server)', () => {
    expect(envOf('gateway').TRUST_PROXY).toBe('1');
    expect(readFileSync(path.join(root, 'deploy', 'nginx.conf'), 'utf8')).toContain(
      'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    );
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
      expect(compose.services[kafkaHost]?.environment?.KAFKA_ADVERTISED_LISTENERS).toBe(`SASL://${kafkaHost}:${kafkaPort}`);
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

  it('points formation and identity at one SMS provider account, whose replies go to the gateway identity answers through', () => {
    const formation = envOf('formation');
    const identity = envOf('identity');
    const provider = compose.services[new URL(formation.SMS_API_URL).hostname];
    const accounts = JSON.parse(String(provider.environment?.SMS_FAKE_ACCOUNTS)) as Array<Record<string, string>>;

    expect(String(provider.command)).toContain(`--port,${urlPort(formation.SMS_API_URL)}`);
    expect(accounts).toContainEqual(
      expect.objectContaining({
        sid: formation.SMS_ACCOUNT_SID,
        authToken: formation.SMS_AUTH_TOKEN,
        phoneNumber: formation.SMS_FROM,
        smsUrl: identity.SMS_WEBHOOK_URL,
      }),
    );
    // Identity texts church invitations with the same account (docs/member-imports.md).
    expect([identity.SMS_API_URL, identity.SMS_ACCOUNT_SID, identity.SMS_AUTH_TOKEN, identity.SMS_FROM]).toEqual([
      formation.SMS_API_URL,
      formation.SMS_ACCOUNT_SID,
      formation.SMS_AUTH_TOKEN,
      formation.SMS_FROM,
    ]);
    const webhook = new URL(identity.SMS_WEBHOOK_URL);
    expect([webhook.hostname, webhook.port, webhook.pathname]).toEqual(['gateway', envOf('gateway').PORT, '/api/sms/inbound']);
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
    const script = sourceOf((step.command as string[]).find((part) => part.endsWith('.js')) ?? '');
    expect(script && readdirSync(path.join(root, path.dirname(script)))).toContain(path.basename(script));
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

  it.each(Object.keys(schemas))('runs %s compiled, with no register hook, from the production image', (service) => {
    const command = compose.services[service].command as string[];

    expect(command).toEqual(['node', `dist/apps/${service}/main.js`]);
    expect(readdirSync(path.join(root, path.dirname(sourceOf(command[1]))))).toContain('main.ts');
  });

  it('builds the production image from the compiled output, with production dependencies only, as a non-root user', () => {
    const dockerfile = readFileSync(path.join(root, 'deploy', 'Dockerfile'), 'utf8');
    const serviceStage = dockerfile.split(/^FROM /m).find((stage) => / AS service\n/.test(stage)) ?? '';

    expect(dockerfile).toContain('RUN node tools/build/build-services.mjs --out dist');
    expect(dockerfile).toContain('npm ci --omit=dev');
    expect(serviceStage).toContain('COPY --from=prod-deps /app/node_modules ./node_modules');
    expect(serviceStage).toContain('COPY --from=build /app/dist ./dist');
    expect(serviceStage).toMatch(/^USER node$/m);
    expect(serviceStage).not.toMatch(/COPY \. /);
    expect(`${dockerfile}${JSON.stringify(compose)}`).not.toContain('@swc-node/register');
  });

  it('starts the web server once the gateway is healthy, and checks the web server too', () => {
    expect(compose.services.web.depends_on?.gateway?.condition).toBe('service_healthy');
    expect(compose.services.web.healthcheck?.test.join(' ')).toContain('/healthz');
  });
});
