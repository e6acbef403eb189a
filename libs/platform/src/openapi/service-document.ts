import type { INestApplication } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { cleanupOpenApiDoc } from 'nestjs-zod';
import { IDEMPOTENCY_WINDOW_HOURS } from '@abide/contracts';
import { PROBLEM_DETAILS_REF, problemDetailsSchema } from './problem-details.schema';

/** Where each service serves its own document: internal, beside /health, never behind the gateway's /api. */
export const SERVICE_DOCUMENT_PATH = '/openapi.json';

/** The security scheme every document names for `@ApiBearerAuth()`. */
export const bearerScheme = {
  type: 'http' as const,
  scheme: 'bearer',
  bearerFormat: 'JWT',
  description: 'Access token from sign-up / sign-in',
};

/**
 * Operation ids read as the generated web client's endpoint names (apps/web/src/shared/api/generated): `groupsMine`
 * for GroupsController.mine, rather than Nest's default `GroupsController_mine`.
 */
export const operationIdOf = (controllerKey: string, methodKey: string): string => {
  const resource = controllerKey.replace(/Controller$/, '');
  return `${resource.charAt(0).toLowerCase()}${resource.slice(1)}${methodKey.charAt(0).toUpperCase()}${methodKey.slice(1)}`;
};

/** The header every signed-in write route honours (docs/api.md, "Idempotency keys"; libs/platform/src/idempotency). */
const idempotencyKeyParameter = {
  name: 'Idempotency-Key',
  in: 'header' as const,
  required: false,
  description:
    `Applies this write once: a repeat with the same key (same member, same route) within ${IDEMPOTENCY_WINDOW_HOURS} h gets the first ` +
    'answer again, marked `Idempotent-Replayed: true`, and changes nothing; the same key with a different request is 422 ' +
    '`IDEMPOTENCY_KEY_REUSED`; a repeat while the first is still handled waits up to 5 s for its answer, then 409 ' +
    '`IDEMPOTENCY_KEY_IN_PROGRESS`. 1 to 128 visible ASCII characters, e.g. a UUID; a new key for each new write.',
  schema: { type: 'string' as const, minLength: 1, maxLength: 128, pattern: '^[\\x21-\\x7e]+$' },
};

const WRITE_METHODS = ['post', 'put', 'patch', 'delete'] as const;

/** What a key can answer, on routes whose own problems do not already name the status (then their words stand). */
const idempotencyProblems = {
  '400': 'Invalid input; `errors` lists each field (an Idempotency-Key that is not 1 to 128 visible ASCII characters)',
  '409': 'The first request with this Idempotency-Key is still being handled',
  '422': 'This Idempotency-Key was used for a different request',
};

/** Names the header on the write routes that honour it: signed-in ones, outside sessions and two-factor (`/auth/`). */
const documentIdempotencyKeys = (document: OpenAPIObject): void => {
  for (const [path, item] of Object.entries(document.paths)) {
    if (path.startsWith('/auth/')) continue;
    for (const method of WRITE_METHODS) {
      const operation = item[method];
      if (!operation?.security?.length) continue;
      operation.parameters = [...(operation.parameters ?? []), idempotencyKeyParameter];
      for (const [status, description] of Object.entries(idempotencyProblems)) {
        operation.responses[status] ??= { description, content: { 'application/problem+json': { schema: { $ref: PROBLEM_DETAILS_REF } } } };
      }
    }
  }
};

/**
 * A service's part of the public contract, generated from its own controllers and the shared zod DTOs
 * (`libs/contracts`). Paths are the service's own; the gateway serves them under `/api` (apps/gateway/src/docs).
 */
export const buildServiceDocument = (app: INestApplication, service: string): OpenAPIObject => {
  const config = new DocumentBuilder().setTitle(`Abide ${service} service`).setVersion('1').addBearerAuth(bearerScheme).build();
  const document = cleanupOpenApiDoc(SwaggerModule.createDocument(app, config, { operationIdFactory: operationIdOf }));
  document.components = {
    ...document.components,
    schemas: { ...document.components?.schemas, ProblemDetails: problemDetailsSchema },
  };
  documentIdempotencyKeys(document);
  return document;
};

/** Serves the service's document at GET /openapi.json (built once, on the first request: the routes never change). */
export const serveServiceDocument = (app: NestFastifyApplication, service: string): void => {
  let document: string | undefined;
  app
    .getHttpAdapter()
    .getInstance()
    .get(SERVICE_DOCUMENT_PATH, async (_request, reply) => {
      document ??= JSON.stringify(buildServiceDocument(app, service));
      return reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store').send(document);
    });
};
