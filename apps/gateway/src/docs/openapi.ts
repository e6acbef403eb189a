import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { cleanupOpenApiDoc } from 'nestjs-zod';

/** The public contract, generated from the gateway's controllers and the shared zod DTOs. */
export const buildOpenApiDocument = (app: NestFastifyApplication): OpenAPIObject => {
  const config = new DocumentBuilder()
    .setTitle('Abide API')
    .setDescription(
      'The public API of the Abide discipleship platform. Errors are application/problem+json (RFC 9457) and carry a request id.',
    )
    .setVersion('1')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Access token from sign-up / sign-in' })
    .build();
  const document = cleanupOpenApiDoc(SwaggerModule.createDocument(app, config));
  document.components = {
    ...document.components,
    schemas: {
      ...document.components?.schemas,
      ProblemDetails: {
        type: 'object',
        required: ['type', 'title', 'status', 'code'],
        properties: {
          type: { type: 'string' },
          title: { type: 'string' },
          status: { type: 'integer' },
          detail: { type: 'string' },
          instance: { type: 'string' },
          code: { type: 'string' },
          requestId: { type: 'string' },
          errors: {
            type: 'array',
            items: { type: 'object', properties: { field: { type: 'string' }, message: { type: 'string' } } },
          },
        },
      },
    },
  };
  return document;
};

export const setupOpenApi = (app: NestFastifyApplication): void => {
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), { jsonDocumentUrl: 'api/docs-json' });
};
