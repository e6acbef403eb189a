import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@abide/platform';
import { AppModule } from './app.module';
import { gatewayEnvSchema } from './config/env.schema';
import { setupOpenApi } from './docs/openapi';

const main = async (): Promise<void> => {
  const config = loadConfigOrExit('gateway', gatewayEnvSchema);
  await bootstrapService({
    module: AppModule.forRoot(config),
    host: config.HOST,
    port: config.PORT,
    // request.ip is the client's address (per-IP rate limits); only these proxies may say otherwise.
    trustProxy: config.TRUST_PROXY,
    // JSON bodies the gateway does not validate itself are forwarded as the bytes that came (ServiceClient.forward).
    rawBody: true,
    configure: (app) => {
      app.setGlobalPrefix('api', { exclude: ['health/live', 'health/ready'] });
      app.enableCors({ origin: config.CORS_ORIGINS, credentials: true });
      // Uploads pass through unparsed: the body stays a stream that ServiceClient.forward pipes to the library.
      app
        .getHttpAdapter()
        .getInstance()
        .addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null, undefined));
      setupOpenApi(app);
    },
  });
};

void main();
