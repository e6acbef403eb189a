import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@abide/platform';
import { AppModule } from './app.module';
import { gatewayEnvSchema } from './config/env.schema';
import { setupOpenApi } from './docs/openapi';
import { installEdgeProxy } from './proxy/edge-proxy';
import { installSecurityHeaders } from './security/security-headers';

const main = async (): Promise<void> => {
  const config = loadConfigOrExit('gateway', gatewayEnvSchema);
  await bootstrapService({
    module: AppModule.forRoot(config),
    host: config.HOST,
    port: config.PORT,
    // request.ip is the client's address (per-IP rate limits); only these proxies may say otherwise.
    trustProxy: config.TRUST_PROXY,
    configure: async (app) => {
      await installSecurityHeaders(app);
      app.enableCors({ origin: config.CORS_ORIGINS, credentials: true });
      setupOpenApi(app);
      installEdgeProxy(app);
    },
  });
};

void main();
