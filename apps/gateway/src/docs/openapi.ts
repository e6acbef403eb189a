import { replyWithProblem } from '@abide/platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ApiDocument } from './api-document';

export const API_DOCUMENT_PATH = '/api/docs-json';
const UI_PATH = '/api/docs';

/** The Swagger UI files it needs, read once from the swagger-ui-dist package. */
const uiAssets: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
};
const assetDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));

/** Loads the document from `/api/docs-json`; Authorize takes an access token for the bearer scheme and keeps it across reloads. */
const uiPage = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Abide API</title><link rel="stylesheet" href="${UI_PATH}/swagger-ui.css"></head>
<body>
<div id="swagger-ui"></div>
<script src="${UI_PATH}/swagger-ui-bundle.js"></script>
<script src="${UI_PATH}/swagger-ui-standalone-preset.js"></script>
<script src="${UI_PATH}/swagger-initializer.js"></script>
</body>
</html>`;

/** Starts Swagger UI; a file of its own, not an inline script, so the gateway's CSP allows scripts from itself only. */
const initializer = `window.ui = SwaggerUIBundle({
  url: '${API_DOCUMENT_PATH}',
  dom_id: '#swagger-ui',
  deepLinking: true,
  persistAuthorization: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout',
});
`;

/**
 * `/api/docs-json`: the public API document, merged from the services' own (docs/api-document.ts); `/api/docs`:
 * Swagger UI over it. Raw Fastify routes: they sit beside the forwarder's `/api/*`, which would send them to no service.
 */
export const setupOpenApi = (app: NestFastifyApplication): void => {
  const document = app.get(ApiDocument);
  const fastify = app.getHttpAdapter().getInstance();
  fastify.get(API_DOCUMENT_PATH, async (request, reply) => {
    try {
      const json = await document.json();
      await reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store').send(json);
    } catch (error) {
      // Nest's adapter is typed against its own copy of fastify, the libraries against the root one: same runtime API.
      replyWithProblem(error, request as unknown as FastifyRequest, reply as unknown as FastifyReply);
    }
  });
  fastify.get(UI_PATH, async (_request, reply) => reply.header('content-type', 'text/html; charset=utf-8').send(uiPage));
  fastify.get(`${UI_PATH}/swagger-initializer.js`, async (_request, reply) =>
    reply.header('content-type', 'text/javascript; charset=utf-8').send(initializer),
  );
  for (const [file, contentType] of Object.entries(uiAssets)) {
    let content: Buffer | undefined;
    fastify.get(`${UI_PATH}/${file}`, async (_request, reply) => {
      content ??= readFileSync(path.join(assetDir, file));
      return reply.header('content-type', contentType).header('cache-control', 'public, max-age=86400').send(content);
    });
  }
};
