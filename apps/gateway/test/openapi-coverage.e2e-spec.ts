import type { DynamicModule, ForwardReference, Type } from '@nestjs/common';
import { METHOD_METADATA, MODULE_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { LIVE_STREAM_PATH } from '@abide/contracts';
import { apiUrl, call } from '@abide/testing';
import { AppModule as CommunityApp } from '../../community/src/app.module';
import { communityEnvSchema } from '../../community/src/config/env.schema';
import { AppModule as FormationApp } from '../../formation/src/app.module';
import { formationEnvSchema } from '../../formation/src/config/env.schema';
import { AppModule as IdentityApp } from '../../identity/src/app.module';
import { identityEnvSchema } from '../../identity/src/config/env.schema';
import { AppModule as LibraryApp } from '../../library/src/app.module';
import { libraryEnvSchema } from '../../library/src/config/env.schema';
import { edgePolicyProblems } from '../src/proxy/edge-policy-check';
import { routeOf, type ServiceName } from '../src/proxy/route-table';

/**
 * Routes a service serves that are not public API: probes, keys, and the parts identity gathers on the caller's behalf
 * ("Download my data"; the operations page's failed jobs and dead letters, docs/architecture.md "Operations").
 */
const deadLetterRoutes = ['GET /ops/dead-letters', 'POST /ops/dead-letters/{id}/replay'];
const failedJobRoutes = ['GET /ops/failed-jobs', 'POST /ops/failed-jobs/{queue}/{id}/retry'];
const internalRoutes: Record<ServiceName, string[]> = {
  identity: ['GET /health/live', 'GET /health/ready', 'GET /.well-known/jwks.json'],
  formation: ['GET /health/live', 'GET /health/ready', 'GET /account/export', ...failedJobRoutes, ...deadLetterRoutes],
  library: ['GET /health/live', 'GET /health/ready', 'GET /account/export', ...failedJobRoutes, ...deadLetterRoutes],
  community: ['GET /health/live', 'GET /health/ready', 'GET /account/export', ...deadLetterRoutes],
};

/** The one route the gateway serves itself, not a service (apps/gateway/src/live/live-route.ts; live.e2e-spec.ts uses it). */
const gatewayRoutes = [`GET ${LIVE_STREAM_PATH}`];

type ModuleRef = Type | DynamicModule | Promise<DynamicModule> | ForwardReference | undefined;

/** Every controller Nest's router would mount for a module: its own and its imports', read from the module metadata. */
const controllersOf = (module: ModuleRef, seen = new Set<unknown>()): Type[] => {
  if (!module || module instanceof Promise || 'forwardRef' in module || seen.has(module)) return [];
  seen.add(module);
  const dynamic = 'module' in module ? module : undefined;
  const type = dynamic ? dynamic.module : (module as Type);
  const imports: ModuleRef[] = [...(Reflect.getMetadata(MODULE_METADATA.IMPORTS, type) ?? []), ...(dynamic?.imports ?? [])];
  const controllers: Type[] = [...(Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, type) ?? []), ...(dynamic?.controllers ?? [])];
  return [...controllers, ...imports.flatMap((m) => controllersOf(m, seen))];
};

const joinPath = (...parts: string[]): string =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`.replace(/:(\w+)/g, '{$1}');

/** A controller's method names, its own and those it inherits (as Nest's router reads them: community's MembershipRoutes). */
const methodNamesOf = (controller: Type): string[] => {
  const names = new Set<string>();
  for (
    let proto = controller.prototype as object | null;
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto) as object | null
  )
    for (const name of Object.getOwnPropertyNames(proto)) names.add(name);
  return [...names];
};

/** `METHOD /path/{param}` of every HTTP route the app's controllers declare (event handlers have no path). */
const routesOf = (app: DynamicModule): string[] =>
  [...new Set(controllersOf(app))].flatMap((controller) => {
    const prefix: string = Reflect.getMetadata(PATH_METADATA, controller) ?? '';
    const proto = controller.prototype as Record<string, unknown>;
    return methodNamesOf(controller).flatMap((name) => {
      const handler = proto[name];
      if (typeof handler !== 'function' || name === 'constructor') return [];
      const method: RequestMethod | undefined = Reflect.getMetadata(METHOD_METADATA, handler);
      const path: string | string[] | undefined = Reflect.getMetadata(PATH_METADATA, handler);
      if (method === undefined || path === undefined) return [];
      return [path].flat().map((p) => `${RequestMethod[method]} ${joinPath(prefix, p)}`);
    });
  });

/** The modules are only read here, never started: a valid config that points nowhere will do. */
const nowhere = {
  PORT: '9',
  LOG_LEVEL: 'error',
  MONGO_URL: 'mongodb://127.0.0.1:9',
  MONGO_DB: 'unused',
  KAFKA_BROKERS: '127.0.0.1:9',
  KAFKA_CLIENT_ID: 'unused',
  AUTH_JWKS_URL: 'http://127.0.0.1:9/.well-known/jwks.json',
  REDIS_URL: 'redis://127.0.0.1:9',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: '9',
  WEB_BASE_URL: 'http://127.0.0.1:9',
  FORMATION_URL: 'http://127.0.0.1:9',
  LIBRARY_URL: 'http://127.0.0.1:9',
  COMMUNITY_URL: 'http://127.0.0.1:9',
  S3_ENDPOINT: '127.0.0.1',
  S3_PORT: '9',
  S3_ACCESS_KEY: 'unused-key',
  S3_SECRET_KEY: 'unused-secret',
  SMS_API_URL: 'http://127.0.0.1:9',
  SMS_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
  SMS_AUTH_TOKEN: 'unused-sms-auth-token',
  SMS_FROM: '+15005550006',
  SMS_WEBHOOK_URL: 'http://127.0.0.1:9/api/sms/inbound',
  // Never opened: the routes are listed without starting the services.
  MASTER_KEY_FILE: '/nonexistent/abide-unused.key',
};
const served: Record<ServiceName, string[]> = {
  identity: routesOf(IdentityApp.forRoot(identityEnvSchema.parse(nowhere))),
  formation: routesOf(FormationApp.forRoot(formationEnvSchema.parse(nowhere))),
  library: routesOf(LibraryApp.forRoot(libraryEnvSchema.parse(nowhere))),
  community: routesOf(CommunityApp.forRoot(communityEnvSchema.parse(nowhere))),
};

const documentedOperations = (document: OpenAPIObject): string[] =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((key) => ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'].includes(key))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );

describe('the public API document', () => {
  let document: OpenAPIObject;

  beforeAll(async () => {
    const res = await call<OpenAPIObject>('GET', '/api/docs-json');
    expect(res.status).toBe(200);
    document = res.body;
  });

  it('documents every route the services serve, and nothing they do not', () => {
    const publicRoutes = [
      ...Object.entries(served).flatMap(([service, routes]) =>
        routes.filter((r) => !internalRoutes[service as ServiceName].includes(r)).map((r) => r.replace(' /', ' /api/')),
      ),
      ...gatewayRoutes,
    ];
    const documented = documentedOperations(document);

    expect(publicRoutes.filter((r) => !documented.includes(r)).sort()).toEqual([]);
    expect(documented.filter((r) => !publicRoutes.includes(r)).sort()).toEqual([]);
    expect(documented.length).toBeGreaterThan(80);
  });

  it('is routed by the gateway to the service that serves each documented route', () => {
    const misrouted = documentedOperations(document).filter((operation) => {
      if (gatewayRoutes.includes(operation)) return false;
      const [method, path] = operation.split(' ');
      const route = routeOf(path.replace(/\{\w+\}/g, 'x'));
      return !route || !served[route.service].includes(`${method} ${path.replace(/^\/api/, '')}`);
    });

    expect(misrouted).toEqual([]);
  });

  it('declares edge policies only on routes the gateway routes, naming only limits the gateway has, and uses every limit', () => {
    expect(edgePolicyProblems(document)).toEqual([]);
  });

  it('names the bearer scheme, so Swagger UI can authorize with an access token', async () => {
    expect(document.components?.securitySchemes?.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/api/habits']?.get?.security).toEqual([{ bearer: [] }]);

    // Swagger UI's settings are a script file of their own (the gateway's CSP runs no inline script).
    const page = await fetch(`${apiUrl()}/api/docs`).then((r) => r.text());
    expect(page).toContain('<script src="/api/docs/swagger-initializer.js"></script>');
    const settings = await fetch(`${apiUrl()}/api/docs/swagger-initializer.js`).then((r) => r.text());
    expect(settings).toContain("url: '/api/docs-json'");
    expect(settings).toContain('persistAuthorization: true');
    const bundle = await fetch(`${apiUrl()}/api/docs/swagger-ui-bundle.js`);
    expect([bundle.status, bundle.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
  });

  it('is not served by the services under the public prefix', async () => {
    const res = await call('GET', '/api/openapi.json');
    expect(res.status).toBe(404);
  });
});
