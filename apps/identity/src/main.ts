import 'reflect-metadata';
import fastifyCookie from '@fastify/cookie';
import { bootstrapService, loadConfigOrExit, startOrExit } from '@abide/platform';
import { AppModule } from './app.module';
import { identityEnvSchema } from './config/env.schema';

const main = async (): Promise<void> => {
  const config = loadConfigOrExit('identity', identityEnvSchema);
  await bootstrapService({
    module: AppModule.forRoot(config),
    host: config.HOST,
    port: config.PORT,
    openApiDocument: 'identity',
    metrics: { service: 'identity', port: config.METRICS_PORT },
    // The refresh token travels in an HttpOnly cookie (sessions/refresh-cookie.ts).
    configure: async (app) => {
      // @fastify/cookie is typed against the root fastify, Nest's adapter against its own copy: same runtime API.
      await app.register(fastifyCookie as unknown as Parameters<typeof app.register>[0]);
      // Member lists are read from request.raw by the import upload (busboy): Fastify accepts them without reading a byte.
      app
        .getHttpAdapter()
        .getInstance()
        .addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null, undefined));
    },
  });
};

startOrExit('identity', main);
