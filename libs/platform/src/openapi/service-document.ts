import type { INestApplication } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { cleanupOpenApiDoc } from 'nestjs-zod';
import { problemDetailsSchema } from './problem-details.schema';

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
