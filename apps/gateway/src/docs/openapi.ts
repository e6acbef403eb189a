import { replyWithProblem } from '@abide/platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ApiDocument } from './api-document';

export const API_DOCUMENT_PATH = '/api/docs-json';

/**
 * `/api/docs-json`: the public API document, merged from the services' (docs/api-document.ts); `/api/docs`: Swagger UI,
 * which loads it from there (its Authorize takes an access token for the bearer scheme and keeps it across reloads).
 */
export const setupOpenApi = (app: NestFastifyApplication): void => {
  const document = app.get(ApiDocument);
  app
    .getHttpAdapter()
    .getInstance()
    .get(API_DOCUMENT_PATH, async (request, reply) => {
      try {
        const json = await document.json();
        await reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store').send(json);
      } catch (error) {
        // Nest's adapter is typed against its own copy of fastify, the libraries against the root one: same runtime API.
        replyWithProblem(error, request as unknown as FastifyRequest, reply as unknown as FastifyReply);
      }
    });
  // An empty inline document makes Swagger UI load `url` instead (the merged one is fetched when asked, not here).
  SwaggerModule.setup('api/docs', app, () => ({}) as OpenAPIObject, {
    raw: false,
    swaggerOptions: { url: API_DOCUMENT_PATH, persistAuthorization: true },
  });
};
