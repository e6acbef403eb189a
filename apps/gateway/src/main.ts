import 'reflect-metadata';
import { bootstrapService, loadConfigOrExit } from '@abide/platform';
import { AppModule } from './app.module';
import { gatewayEnvSchema } from './config/env.schema';
import { ApiDocument } from './docs/api-document';
import { setupOpenApi } from './docs/openapi';
import { installEdgeProxy } from './proxy/edge-proxy';
import { edgeRouteLabel } from './proxy/route-label';
import { installSecurityHeaders } from './security/security-headers';

const main = async (): Promise<void> => {
  const config = loadConfigOrExit('gateway', gatewayEnvSchema);
  // Known once the app exists; until then forwarded requests are labelled by the route table's segment.
  let document: ApiDocument | undefined;
  await bootstrapService({
    module: AppModule.forRoot(config),
    host: config.HOST,
    port: config.PORT,
    // request.ip is the client's address (per-IP rate limits); only these proxies may say otherwise.
    trustProxy: config.TRUST_PROXY,
    metrics: {
      service: 'gateway',
      port: config.METRICS_PORT,
      labelRoute: (_method, url, template) => edgeRouteLabel(url, template, document?.methods()),
    },
    configure: async (app) => {
      document = app.get(ApiDocument);
      await installSecurityHeaders(app);
      app.enableCors({ origin: config.CORS_ORIGINS, credentials: true });
      setupOpenApi(app);
      installEdgeProxy(app);
    },
  });
};

void main();
