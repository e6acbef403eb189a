import { kafkaConnection, KafkaEventServer } from '@abide/messaging';
import { bootstrapService } from '@abide/platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ConsumerConfig } from 'kafkajs';
import { AppModule } from './app.module';
import type { GatewayConfig } from './config/env.schema';
import { DocumentedRoutes } from './docs/docs.port';
import { setupOpenApi } from './docs/openapi';
import { LIVE_CONSUMER } from './live/live-signals.consumer';
import { installLiveStream } from './live/live-route';
import { installEdgeProxy } from './edge/edge-proxy';
import { edgeRouteLabel } from './proxy/route-label';
import { installSecurityHeaders } from './security/security-headers';

/** Starts one gateway instance (main.ts; tests start two side by side). `kafkaConsumer` is for tests (short waits). */
export const startGateway = async (
  config: GatewayConfig,
  kafkaConsumer?: Omit<ConsumerConfig, 'groupId' | 'retry' | 'allowAutoTopicCreation'>,
): Promise<NestFastifyApplication> => {
  // Known once the app exists; until then forwarded requests are labelled by the route table's segment.
  let document: DocumentedRoutes | undefined;
  // Live signals (docs/architecture.md "Live updates"): one consumer group for every instance, so each signal is
  // buffered once, by whichever instance holds its partition.
  const consumer = new KafkaEventServer({
    clientId: config.KAFKA_CLIENT_ID,
    ...kafkaConnection(config),
    groupId: `${config.KAFKA_GROUP_PREFIX}${LIVE_CONSUMER}`,
    partitionsConsumedConcurrently: 3,
    consumer: kafkaConsumer,
  });
  return bootstrapService({
    module: AppModule.forRoot(config),
    host: config.HOST,
    port: config.PORT,
    // request.ip is the client's address (per-IP rate limits); only these proxies may say otherwise.
    trustProxy: config.TRUST_PROXY,
    microservice: { strategy: consumer },
    // Without Kafka the API still works; only live updates wait: degraded, never unavailable.
    healthChecks: [{ ...consumer.healthCheck, name: 'live-signals', critical: false }],
    metrics: {
      service: 'gateway',
      port: config.METRICS_PORT,
      labelRoute: (_method, url, template) => edgeRouteLabel(url, template, document?.methods()),
    },
    configure: async (app) => {
      document = app.get(DocumentedRoutes);
      installSecurityHeaders(app);
      app.enableCors({ origin: config.CORS_ORIGINS, credentials: true });
      setupOpenApi(app);
      installLiveStream(app);
      installEdgeProxy(app);
    },
  });
};
